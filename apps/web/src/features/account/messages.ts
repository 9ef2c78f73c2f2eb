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
  // Forgotten password: /forget-password and /reset-password (spec §2).
  email: { id: 'account.email', defaultMessage: 'Email' },
  newPassword: { id: 'account.newPassword', defaultMessage: 'New password' },
  confirmPassword: { id: 'account.confirmPassword', defaultMessage: 'Confirm password' },
  backToLogin: { id: 'account.backToLogin', defaultMessage: 'Back to login' },
  checkInbox: { id: 'account.checkInbox', defaultMessage: 'Check your inbox' },
  noMail: {
    id: 'account.noMail',
    defaultMessage:
      'No mail after a few minutes? Check the spam folder, or make sure you typed the address of your account.',
  },
  sendAnother: { id: 'account.sendAnother', defaultMessage: 'Send another link' },
  requestResetForm: { id: 'account.requestResetForm', defaultMessage: 'Request a password reset link' },
  sendResetLink: { id: 'account.sendResetLink', defaultMessage: 'Send reset link' },
  requestNewLink: { id: 'account.requestNewLink', defaultMessage: 'Request a new link' },
  linkUnusable: { id: 'account.linkUnusable', defaultMessage: 'This link cannot be used' },
  chooseNewPassword: { id: 'account.chooseNewPassword', defaultMessage: 'Choose a new password' },
  newPasswordHint: {
    id: 'account.newPasswordHint',
    defaultMessage: 'At least {count} characters, not a common password.',
  },
  setNewPassword: { id: 'account.setNewPassword', defaultMessage: 'Set new password' },
  forgotTitle: { id: 'account.forgotTitle', defaultMessage: 'Forgot your password?' },
  forgotLead: {
    id: 'account.forgotLead',
    defaultMessage: 'Enter the email address of your account. We will send you a link to choose a new password.',
  },
  resetLead: {
    id: 'account.resetLead',
    defaultMessage: 'Your new password replaces the old one and signs out every device that was still signed in.',
  },
  noTokenTitle: { id: 'account.noTokenTitle', defaultMessage: 'This address has no reset link' },
  noTokenText: {
    id: 'account.noTokenText',
    defaultMessage:
      'This page opens from the link in a password reset email, and the address is missing its token. Ask for a new link and open it from the email.',
  },
});
