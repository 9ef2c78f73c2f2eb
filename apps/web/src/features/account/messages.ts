import { defineMessages } from '@/i18n/define-messages';

/** My Account (features/account, docs/i18n.md). Converted so far: the language section. */
export const accountMessages = defineMessages({
  languageSection: { id: 'account.languageSection', defaultMessage: 'Language' },
  languageLabel: { id: 'account.languageLabel', defaultMessage: 'Language' },
  languageDescription: {
    id: 'account.languageDescription',
    defaultMessage: 'Lyceum’s screens are shown in this language.',
  },
  languageBrowser: { id: 'account.languageBrowser', defaultMessage: 'As my browser asks' },
  saveLanguage: { id: 'account.saveLanguage', defaultMessage: 'Save language' },
  saving: { id: 'account.saving', defaultMessage: 'Saving…' },
  languageSaved: { id: 'account.languageSaved', defaultMessage: 'Saved.' },
  languageNotSaved: {
    id: 'account.languageNotSaved',
    defaultMessage: 'The language could not be saved. Please try again.',
  },
});
