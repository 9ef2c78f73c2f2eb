import type { AdminUser, AdminUserSort, ManagedRole, SortOrder } from '@lyceum/contract';
import { Anchor, Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { UserAvatar } from '@/components/user-avatar';
import { useIntl } from '@/i18n/intl';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { adminMessages as messages } from '../messages';
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
  const intl = useIntl();
  const orderOf = (column: AdminUserSort) => (sort === column ? order : null);
  return (
    // On phones the e-mail, sign-up date and status move under the name, and the picture and the action menu go
    // (the name opens the details drawer, which has every action): the table fits without scrolling. The narrow
    // columns take only the width they need; the name gets the rest.
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader
              label={intl.formatMessage(messages.name)}
              order={orderOf('name')}
              onSort={() => onSort('name')}
            />
            <Table.Th scope="col" visibleFrom="md">
              {intl.formatMessage(messages.email)}
            </Table.Th>
            <SortableHeader
              label={intl.formatMessage(messages.joined)}
              order={orderOf('joined')}
              onSort={() => onSort('joined')}
              visibleFrom="sm"
              shrink
            />
            <SortableHeader
              label={intl.formatMessage(messages.activityColumn, { role })}
              order={orderOf('activity')}
              onSort={() => onSort('activity')}
              shrink
            />
            <Table.Th scope="col" visibleFrom="sm" w="1%">
              {intl.formatMessage(messages.status)}
            </Table.Th>
            <Table.Th scope="col" w="1%" visibleFrom="xs">
              <VisuallyHidden>{intl.formatMessage(messages.actions)}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Th scope="row" fw={400}>
                <Group gap="sm" wrap="nowrap">
                  <Box visibleFrom="xs" style={{ flexShrink: 0 }}>
                    <UserAvatar image={user.profileImage} size={36} />
                  </Box>
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      c="gray.9"
                      ta="start"
                      style={{ overflowWrap: 'anywhere' }}
                      onClick={() => onOpenDetails(user)}
                      aria-haspopup="dialog"
                    >
                      {fullName(user)}
                    </Anchor>
                    {/* Usernames default to the full name: shown only when they say something new, never as "@…" */}
                    {user.username.trim().toLowerCase() !== fullName(user).trim().toLowerCase() ? (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {intl.formatMessage(messages.username, { username: user.username })}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed" hiddenFrom="md" style={{ overflowWrap: 'anywhere' }}>
                      <EmailAddress email={user.email} />
                    </Text>
                    <Group gap={6} mt={4} hiddenFrom="sm">
                      <UserStatusBadge status={user.status} />
                      <Text size="xs" c="dimmed">
                        {intl.formatMessage(messages.joinedOn, { date: formatDate(user.createdAt) })}
                      </Text>
                    </Group>
                  </div>
                </Group>
              </Table.Th>
              <Table.Td visibleFrom="md">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <EmailAddress email={user.email} />
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </Table.Td>
              <Table.Td>{formatCount((role === 'teacher' ? user.courseCount : user.enrolmentCount) ?? 0)}</Table.Td>
              <Table.Td visibleFrom="sm">
                <UserStatusBadge status={user.status} />
              </Table.Td>
              <Table.Td visibleFrom="xs">
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

/** An e-mail address that wraps after the @ when it must, not in the middle of a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
