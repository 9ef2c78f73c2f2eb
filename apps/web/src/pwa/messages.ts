import { defineMessages } from '@/i18n/define-messages';

/** The installable app's own words (src/pwa): the update prompt. */
export const pwaMessages = defineMessages({
  updateTitle: { id: 'pwa.updateTitle', defaultMessage: 'A new version of Lyceum is ready' },
  updateBody: {
    id: 'pwa.updateBody',
    defaultMessage: 'Reload to use it. Answers you are giving are kept either way.',
  },
  reload: { id: 'pwa.reload', defaultMessage: 'Reload' },
});
