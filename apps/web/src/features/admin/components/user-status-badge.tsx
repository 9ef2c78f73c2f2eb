import type { UserStatus } from '@lyceum/contract';
import { Badge } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { adminMessages as messages } from '../messages';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const intl = useIntl();
  return (
    // Never squeezed into "SUS…" by a narrow table column.
    <Badge variant="filled" color={status === 'active' ? 'teal.9' : 'red.9'} radius="sm" miw="max-content">
      {intl.formatMessage(messages.userStatus, { status })}
    </Badge>
  );
}
