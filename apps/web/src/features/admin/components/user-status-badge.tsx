import type { UserStatus } from '@lyceum/contract';
import { Badge } from '@mantine/core';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    // Never squeezed into "SUS…" by a narrow table column.
    <Badge variant="filled" color={status === 'active' ? 'teal.9' : 'red.9'} radius="sm" miw="max-content">
      {status === 'active' ? 'Active' : 'Suspended'}
    </Badge>
  );
}
