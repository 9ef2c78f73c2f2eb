import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useCourseCertificate, useDownloadCertificate } from '../api/certificates';

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
  const certificate = query.data;
  if (!completed || !certificate) return null;
  return (
    <Alert color="indigo" variant="light" icon={<IconCertificate aria-hidden />} title="Course completed">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">Well done! Your certificate is ready to download and share.</Text>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(certificate, {
                onError: (error) => notifyError(toastMessageOf(error, 'The certificate could not be downloaded')),
              })
            }
          >
            Certificate (PDF)
          </Button>
          <Button component={Link} to={verifyHref(certificate.code)} size="xs" variant="default">
            Verification page
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
