import type { CalendarEvent } from '@lyceum/contract';
import { formatTime } from '@lyceum/contract/constants';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { calendarMessages as messages } from '../messages';

const STATUS_COLOURS = { missing: 'red.9', done: 'teal.9', 'due-soon': 'orange.9' } as const;

/** One due date: the work (a link to its class), its time in the reader's zone, its class and the learner's status. */
export function CalendarEventItem({
  event,
  href,
  timeZone,
  compact = false,
}: {
  event: CalendarEvent;
  href: string;
  timeZone: string;
  compact?: boolean;
}) {
  const intl = useIntl();
  const time = formatTime(event.at, { timeZone });
  const status = event.status && event.status !== 'assigned' ? event.status : null;
  return (
    <Stack component="li" gap={0} style={{ minWidth: 0 }}>
      <Anchor component={Link} to={href} fw={600} size={compact ? 'xs' : 'sm'} style={{ overflowWrap: 'anywhere' }}>
        <bdi dir="auto">{event.title}</bdi>
      </Anchor>
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {intl.formatMessage(messages.due, { time })}
          {compact ? null : (
            <>
              {' · '}
              <bdi dir="auto">{event.className}</bdi>
            </>
          )}
        </Text>
        {status ? (
          <Badge size="xs" color={STATUS_COLOURS[status]} variant="filled" autoContrast>
            {intl.formatMessage(messages.status, { status })}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
