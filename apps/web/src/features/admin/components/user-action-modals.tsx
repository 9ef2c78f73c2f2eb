import { MESSAGES } from '@lyceum/contract/constants';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl, type IntlShape } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeUserRole } from '../api/change-user-role';
import { useReactivateUser } from '../api/reactivate-user';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useSuspendUser } from '../api/suspend-user';
import { adminMessages as messages } from '../messages';
import { fullName, otherRole, type ActionTarget, type UserActionKind, type UserActionRequest } from './user-actions';

/**
 * Runs the user actions: the reset link at once, suspend / reactivate / role change after a confirmation.
 * Each ends with a toast; the server's own message is shown when it refuses (e.g. a teacher who owns courses).
 */
export function useUserActionRunner() {
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const changeRole = useChangeUserRole();
  const sendReset = useSendPasswordReset();

  function run(request: UserActionRequest, onDone: () => void) {
    const { kind, user } = request;
    const fail = (fallback: string) => (error: unknown) => notifyError(toastMessageOf(error, fallback));
    if (kind === 'suspend') {
      suspend.mutate(user.id, {
        onSuccess: () => notifySuccess(MESSAGES.userSuspended),
        onError: fail(MESSAGES.userSuspendFailed),
        onSettled: onDone,
      });
    } else if (kind === 'reactivate') {
      reactivate.mutate(user.id, {
        onSuccess: () => notifySuccess(MESSAGES.userReactivated),
        onError: fail(MESSAGES.userReactivateFailed),
        onSettled: onDone,
      });
    } else if (kind === 'role') {
      const role = otherRole(user.role);
      if (!role) return onDone();
      changeRole.mutate(
        { id: user.id, role },
        {
          onSuccess: () => notifySuccess(MESSAGES.roleChanged),
          onError: fail(MESSAGES.roleChangeFailed),
          onSettled: onDone,
        },
      );
    } else {
      sendReset.mutate(user.id, {
        onSuccess: () => notifySuccess(MESSAGES.resetLinkSent),
        onError: fail(MESSAGES.resetLinkFailed),
        onSettled: onDone,
      });
    }
  }

  const pending = suspend.isPending || reactivate.isPending || changeRole.isPending || sendReset.isPending;
  return { run, pending };
}

type ConfirmText = { title: string; body: string; label: string; danger: boolean };

function confirmText(intl: IntlShape, kind: Exclude<UserActionKind, 'reset'>, user: ActionTarget): ConfirmText {
  const name = fullName(user);
  if (kind === 'suspend') {
    return {
      title: intl.formatMessage(messages.suspendTitle, { name }),
      body: intl.formatMessage(messages.suspendBody),
      label: intl.formatMessage(messages.suspend),
      danger: true,
    };
  }
  if (kind === 'reactivate') {
    return {
      title: intl.formatMessage(messages.reactivateTitle, { name }),
      body: intl.formatMessage(messages.reactivateBody),
      label: intl.formatMessage(messages.reactivate),
      danger: false,
    };
  }
  const role = otherRole(user.role) ?? 'student';
  return {
    title: intl.formatMessage(messages.roleTitle, { role, name }),
    body: intl.formatMessage(messages.roleBody, { role }),
    label: intl.formatMessage(messages.makeRole, { role }),
    danger: false,
  };
}

export interface UserActionConfirmProps {
  /** The action waiting for a confirmation; null when none is. */
  request: UserActionRequest | null;
  pending: boolean;
  onConfirm: (request: UserActionRequest) => void;
  onClose: () => void;
}

/** The confirmation of suspend, reactivate and role change. */
export function UserActionConfirm({ request, pending, onConfirm, onClose }: UserActionConfirmProps) {
  const intl = useIntl();
  const text = request && request.kind !== 'reset' ? confirmText(intl, request.kind, request.user) : null;
  return (
    <ConfirmModal
      opened={text !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.label ?? ''}
      cancelLabel={intl.formatMessage(messages.cancel)}
      danger={text?.danger ?? false}
      loading={pending}
      onClose={onClose}
      onConfirm={() => {
        if (request) onConfirm(request);
      }}
    >
      {text?.body}
    </ConfirmModal>
  );
}
