import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconId, IconKey, IconSchool, IconUserCancel, IconUserCheck } from '@tabler/icons-react';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { useIntl } from '@/i18n/intl';
import { adminMessages as messages } from '../messages';
import { canManage, fullName, otherRole, type ActionTarget, type UserActionKind } from './user-actions';

export interface UserActionsMenuProps {
  user: ActionTarget;
  currentUserId: string | undefined;
  onAction: (kind: UserActionKind, user: ActionTarget) => void;
  /** Opens the details drawer (left out inside the drawer itself). */
  onOpenDetails?: (user: ActionTarget) => void;
}

/** The row's actions: details, reset link, suspend or reactivate, change role. Disabled for the admin themself. */
export function UserActionsMenu({ user, currentUserId, onAction, onOpenDetails }: UserActionsMenuProps) {
  const intl = useIntl();
  const manageable = canManage(user, currentUserId);
  const newRole = otherRole(user.role);
  return (
    // The menu opens inside <main> (content outside every landmark is lost to landmark navigation) and without
    // Mantine's focus placeholder, a role="presentation" child that a role="menu" may not have: axe flags both.
    <Menu
      position="bottom-end"
      withinPortal
      portalProps={{ target: `#${MAIN_CONTENT_ID}` }}
      withInitialFocusPlaceholder={false}
      shadow="md"
      width={240}
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={intl.formatMessage(messages.actionsFor, { name: fullName(user) })}
        >
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onOpenDetails ? (
          <Menu.Item leftSection={<IconId size={16} aria-hidden />} onClick={() => onOpenDetails(user)}>
            {intl.formatMessage(messages.viewDetails)}
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconKey size={16} aria-hidden />}
          disabled={!manageable || user.status !== 'active'}
          onClick={() => onAction('reset', user)}
        >
          {intl.formatMessage(messages.sendReset)}
        </Menu.Item>
        {newRole ? (
          <Menu.Item
            leftSection={<IconSchool size={16} aria-hidden />}
            disabled={!manageable}
            onClick={() => onAction('role', user)}
          >
            {intl.formatMessage(messages.makeRole, { role: newRole })}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        {user.status === 'active' ? (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserCancel size={16} aria-hidden />}
            disabled={!manageable}
            onClick={() => onAction('suspend', user)}
          >
            {intl.formatMessage(messages.suspend)}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="teal.9"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            disabled={!manageable}
            onClick={() => onAction('reactivate', user)}
          >
            {intl.formatMessage(messages.reactivate)}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
