import { mergeCatalogues, type Messages } from '../catalogue';

/** Spanish: every folder's `locales/es.json`, one chunk fetched only when the page is in Spanish. */
const messages: Messages = mergeCatalogues(
  import.meta.glob<Messages>('/src/**/locales/es.json', { eager: true, import: 'default' }),
);
export default messages;
