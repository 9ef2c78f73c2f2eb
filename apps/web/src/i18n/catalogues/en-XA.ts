import { mergeCatalogues, type Messages } from '../catalogue';
import { pseudoLocalize } from '../pseudo';

/** The tests' pseudo-locale: the English catalogue (written by npm run i18n:extract), accented and lengthened. */
const english = mergeCatalogues(
  import.meta.glob<Messages>('/src/**/locales/en.json', { eager: true, import: 'default' }),
);
const messages: Messages = Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudoLocalize(text)]));
export default messages;
