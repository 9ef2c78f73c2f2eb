import type { AdminUser, AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import { Anchor, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCount } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { SortableHeader } from './sortable-header';
import { fullName, type ActionTarget, type UserActionKind } from './user-actions';
import { UserActionsMenu } from './user-actions-menu';
import { UserStatusBadge } from './user-status-badge';

export interface UserTableProps {
  role: ManagedRole;
  users: AdminUser[];
  sort: AdminUserSort;
  order: SortOrder;
  onSort: (sort: AdminUserSort) => void;
  currentUserId: string | undefined;
  onOpenDetails: (user: ActionTarget) => void;
  onAction: (kind: UserActionKind, user: ActionTarget) => void;
}

/** Students or teachers, one row each; the name opens the details, the last column holds the actions. */
export function UserTable({
  role,
  users,
  sort,
  order,
  onSort,
  currentUserId,
  onOpenDetails,
  onAction,
}: UserTableProps) {
  const orderOf = (column: AdminUserSort) => (sort === column ? order : null);
  return (
    // On phones the e-mail, sign-up date and status move under the name: the table fits without scrolling.
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader label="Name" order={orderOf('name')} onSort={() => onSort('name')} />
            <Table.Th scope="col" visibleFrom="md">
              Email
            </Table.Th>
            <SortableHeader label="Joined" order={orderOf('joined')} onSort={() => onSort('joined')} visibleFrom="sm" />
            <SortableHeader
              label={role === 'teacher' ? 'Courses' : 'Enrolments'}
              order={orderOf('activity')}
              onSort={() => onSort('activity')}
            />
            <Table.Th scope="col" visibleFrom="sm">
              Status
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Th scope="row" fw={400}>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar image={user.profileImage} size={36} />
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      c="gray.9"
                      ta="left"
                      onClick={() => onOpenDetails(user)}
                      aria-haspopup="dialog"
                    >
                      {fullName(user)}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate="end" maw={220}>
                      @{user.username}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="md" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                    <Group gap={6} mt={4} hiddenFrom="sm">
                      <UserStatusBadge status={user.status} />
                      <Text size="xs" c="dimmed">
                        joined {formatDate(user.createdAt)}
                      </Text>
                    </Group>
                  </div>
                </Group>
              </Table.Th>
              <Table.Td visibleFrom="md">
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </Table.Td>
              <Table.Td>{formatCount((role === 'teacher' ? user.courseCount : user.enrolmentCount) ?? 0)}</Table.Td>
              <Table.Td visibleFrom="sm">
                <UserStatusBadge status={user.status} />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <UserActionsMenu
                    user={user}
                    currentUserId={currentUserId}
                    onAction={onAction}
                    onOpenDetails={onOpenDetails}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
