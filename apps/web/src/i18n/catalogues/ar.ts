import { mergeCatalogues, type Messages } from '../catalogue';

/** Arabic: every folder's `locales/ar.json`, one chunk fetched only when the page is in Arabic. */
const messages: Messages = mergeCatalogues(
  import.meta.glob<Messages>('/src/**/locales/ar.json', { eager: true, import: 'default' }),
);
export default messages;
