import type { PublicCertificate } from '@lyceum/contract';
import { formatCertificateCode, normalizeCertificateCode } from '@lyceum/contract/constants';
import { Button, Card, Center, Divider, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconRosetteDiscountCheck, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { useCertificate } from '../api/certificates';

export interface CertificateVerificationProps {
  code: string;
  /** Where another code is looked up: `/certificates/<code>`. */
  hrefOf: (code: string) => string;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} align="center">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg" ta="center">
        {value}
      </Text>
    </Stack>
  );
}

function Verified({ certificate }: { certificate: PublicCertificate }) {
  const timeZone = useTimeZone();
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" maw={640} w="100%" mx="auto">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconRosetteDiscountCheck size={38} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }} ta="center">
          Verified certificate
        </Title>
        <Text c="dimmed" ta="center">
          Lyceum confirms that this certificate of completion is genuine.
        </Text>
        <Divider w="100%" />
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            Awarded to
          </Text>
          <Text component="p" fw={700} fz={{ base: 26, sm: 32 }} ta="center" ff="Georgia, 'Times New Roman', serif">
            {certificate.studentName}
          </Text>
        </Stack>
        <Fact label="for completing the course" value={certificate.courseTitle} />
        <Group justify="center" gap={48} wrap="wrap">
          <Fact label="Teacher" value={certificate.teacherName} />
          <Fact label="Completed on" value={formatDate(certificate.issuedAt, timeZone)} />
        </Group>
        <Divider w="100%" />
        <Text size="sm" c="dimmed" ta="center">
          Verification code{' '}
          <Text span ff="monospace" fw={600} c="var(--mantine-color-text)">
            {formatCertificateCode(certificate.code)}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
}

function CodeForm({ hrefOf, initial }: { hrefOf: (code: string) => string; initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCertificateCode(value);
    if (code) void navigate(hrefOf(code));
  };
  return (
    <form onSubmit={submit} style={{ width: '100%' }}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Verification code"
          description="16 letters and digits, as printed on the certificate"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={64}
          style={{ flex: 1 }}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          Verify
        </Button>
      </Group>
    </form>
  );
}

function NotFound({ code, hrefOf }: CertificateVerificationProps) {
  return (
    <Card withBorder radius="lg" padding="xl" maw={560} w="100%" mx="auto">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="gray" variant="light">
          <IconCertificate size={36} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }} ta="center">
          Certificate not found
        </Title>
        <Text c="dimmed" ta="center">
          No Lyceum certificate has the code{' '}
          <Text span ff="monospace" fw={600}>
            {code}
          </Text>
          . Check the code on the certificate and try again.
        </Text>
        <CodeForm hrefOf={hrefOf} initial="" />
      </Stack>
    </Card>
  );
}

/** The public verification of a certificate: its name, course, teacher and date, or a clear "not found". */
export function CertificateVerification({ code, hrefOf }: CertificateVerificationProps) {
  const query = useCertificate(code);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  usePageTitle(
    query.data ? `Certificate · ${query.data.studentName}` : missing ? 'Certificate not found' : 'Certificate',
  );
  if (query.isPending) {
    return (
      <Center mih={320} role="status" aria-label="Checking the certificate">
        <Loader />
      </Center>
    );
  }
  if (missing) return <NotFound code={code} hrefOf={hrefOf} />;
  if (query.isError) {
    return (
      <LoadError
        title="The certificate could not be checked"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  return <Verified certificate={query.data} />;
}
