import { MESSAGES, ROLE_LABELS } from '@lyceum/contract/constants';
import { ConfirmModal } from '@/components/confirm-modal';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeUserRole } from '../api/change-user-role';
import { useReactivateUser } from '../api/reactivate-user';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useSuspendUser } from '../api/suspend-user';
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

const CONFIRM: Record<
  Exclude<UserActionKind, 'reset'>,
  (user: ActionTarget) => {
    title: string;
    body: string;
    label: string;
    danger: boolean;
  }
> = {
  suspend: (user) => ({
    title: `Suspend ${fullName(user)}?`,
    body: 'They are signed out everywhere at once and cannot log in until you reactivate the account.',
    label: 'Suspend',
    danger: true,
  }),
  reactivate: (user) => ({
    title: `Reactivate ${fullName(user)}?`,
    body: 'They can log in again with their password.',
    label: 'Reactivate',
    danger: false,
  }),
  role: (user) => {
    const role = otherRole(user.role) ?? 'student';
    return {
      title: `Make ${fullName(user)} a ${ROLE_LABELS[role].toLowerCase()}?`,
      body:
        role === 'teacher'
          ? 'They will be able to create courses. They are signed out and log in again as a teacher.'
          : 'They will no longer be able to create courses. They are signed out and log in again as a student.',
      label: `Make ${ROLE_LABELS[role].toLowerCase()}`,
      danger: false,
    };
  },
};

export interface UserActionConfirmProps {
  /** The action waiting for a confirmation; null when none is. */
  request: UserActionRequest | null;
  pending: boolean;
  onConfirm: (request: UserActionRequest) => void;
  onClose: () => void;
}

/** The confirmation of suspend, reactivate and role change. */
export function UserActionConfirm({ request, pending, onConfirm, onClose }: UserActionConfirmProps) {
  const text = request && request.kind !== 'reset' ? CONFIRM[request.kind](request.user) : null;
  return (
    <ConfirmModal
      opened={text !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.label ?? ''}
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
