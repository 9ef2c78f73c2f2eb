import { formatCertificateCode } from '@lyceum/contract/constants';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notifyError } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useDownloadCertificate, useMyCertificates } from '../api/certificates';

export interface MyCertificatesProps {
  /** The public verification page of a code. */
  verifyHref: (code: string) => string;
  /** The course page of a course id. */
  courseHref: (courseId: string) => string;
}

/** "Certificates": the student's certificates of completed courses, with the PDF and the public verification link. */
export function MyCertificates({ verifyHref, courseHref }: MyCertificatesProps) {
  const [page, setPage] = useState(1);
  const query = useMyCertificates(page);
  const download = useDownloadCertificate();
  const timeZone = useTimeZone();

  return (
    <section aria-labelledby="certificates-heading">
      <Title order={2} fz={22} id="certificates-heading" mb="md">
        Certificates
      </Title>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading certificates">
          <Skeleton h={88} radius="md" />
          <Skeleton h={88} radius="md" />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title="Your certificates could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconCertificate size={24} aria-hidden />
            </ThemeIcon>
            <Text c="dimmed">
              Complete every lesson of a course to earn its certificate. It will appear here, ready to download and
              share.
            </Text>
          </Group>
        </Card>
      ) : (
        <Stack gap="sm">
          {query.data.items.map((certificate) => (
            <Card key={certificate.code} withBorder radius="md" padding="md">
              <Group justify="space-between" gap="md" wrap="wrap">
                <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
                  <ThemeIcon size={44} radius="xl" variant="light" color="teal">
                    <IconCertificate size={24} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={courseHref(certificate.courseId)} fw={600} lineClamp={2}>
                      {certificate.courseTitle}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      Completed {formatDate(certificate.issuedAt, timeZone)} · {certificate.teacherName}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {formatCertificateCode(certificate.code)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    loading={download.isPending && download.variables?.code === certificate.code}
                    aria-label={`Download the certificate of ${certificate.courseTitle} (PDF)`}
                    onClick={() =>
                      download.mutate(certificate, {
                        onError: (error) =>
                          notifyError(toastMessageOf(error, 'The certificate could not be downloaded')),
                      })
                    }
                  >
                    PDF
                  </Button>
                  <Button
                    component={Link}
                    to={verifyHref(certificate.code)}
                    size="xs"
                    variant="default"
                    leftSection={<IconExternalLink size={16} aria-hidden />}
                    aria-label={`Verification page of the certificate of ${certificate.courseTitle}`}
                  >
                    Verify
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
          <ListPagination
            page={page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onChange={setPage}
            label="Certificate pages"
          />
        </Stack>
      )}
    </section>
  );
}
