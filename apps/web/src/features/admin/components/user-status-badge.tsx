import type { UserStatus } from '@lyceum/contract';
import { Badge } from '@mantine/core';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant="filled" color={status === 'active' ? 'teal.9' : 'red.9'} radius="sm">
      {status === 'active' ? 'Active' : 'Suspended'}
    </Badge>
  );
}
