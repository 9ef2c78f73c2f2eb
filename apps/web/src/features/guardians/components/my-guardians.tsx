import { formatDate } from '@lyceum/contract/constants';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useTimeZone } from '@/lib/use-time-zone';
import { useMyGuardians } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

/** The student's own guardians (GET /api/me/guardians): who sees their classes and work due. */
export function MyGuardians() {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const guardians = useMyGuardians();
  if (guardians.isError)
    return <LoadError title={intl.formatMessage(m.guardiansFailed)} onRetry={() => void guardians.refetch()} />;
  if (!guardians.data) return <Skeleton height={24} width={240} radius="sm" />;
  if (guardians.data.items.length === 0) return <Text c="dimmed">{intl.formatMessage(m.mineEmpty)}</Text>;
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {guardians.data.items.map((g) => (
        <Group component="li" key={g.id} gap="xs" wrap="wrap">
          <Text fw={600}>
            <bdi dir="auto">{`${g.firstname} ${g.lastname}`}</bdi>
          </Text>
          <Text c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {g.email}
          </Text>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.linkedSince, { date: formatDate(g.linkedAt, { timeZone }) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
