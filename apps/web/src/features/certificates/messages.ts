import { defineMessages } from '@/i18n/define-messages';

/** Certificates as a learner sees them (features/certificates, docs/i18n.md). */
export const certificateMessages = defineMessages({
  completedTitle: { id: 'certificates.completedTitle', defaultMessage: 'Course completed' },
  completedText: {
    id: 'certificates.completedText',
    defaultMessage: 'Well done! Your certificate is ready to download and share.',
  },
  download: { id: 'certificates.download', defaultMessage: 'Certificate (PDF)' },
  downloadFailed: { id: 'certificates.downloadFailed', defaultMessage: 'The certificate could not be downloaded' },
  verificationPage: { id: 'certificates.verificationPage', defaultMessage: 'Verification page' },
});
