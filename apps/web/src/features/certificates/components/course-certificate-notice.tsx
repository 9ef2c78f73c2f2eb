import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useCourseCertificate, useDownloadCertificate } from '../api/certificates';
import { certificateMessages as m } from '../messages';

export interface CourseCertificateNoticeProps {
  courseId: string;
  /** Whether the signed-in student completed the course (the notice asks for the certificate only then). */
  completed: boolean;
  verifyHref: (code: string) => string;
}

/** "Course completed": the student's certificate of this course, to download or share; nothing without one. */
export function CourseCertificateNotice({ courseId, completed, verifyHref }: CourseCertificateNoticeProps) {
  const query = useCourseCertificate(courseId, completed);
  const download = useDownloadCertificate();
  const intl = useIntl();
  const certificate = query.data;
  if (!completed || !certificate) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconCertificate aria-hidden />}
      title={intl.formatMessage(m.completedTitle)}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{intl.formatMessage(m.completedText)}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(certificate, {
                onError: (error) => notifyError(toastMessageOf(error, intl.formatMessage(m.downloadFailed))),
              })
            }
          >
            {intl.formatMessage(m.download)}
          </Button>
          <Button component={Link} to={verifyHref(certificate.code)} size="xs" variant="default">
            {intl.formatMessage(m.verificationPage)}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
