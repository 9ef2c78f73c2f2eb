import { MESSAGES } from '@lyceum/contract/constants';
import { ConfirmModal } from '@/components/confirm-modal';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteAnswer } from '../api/delete-answer';
import { useDeleteQuestion } from '../api/delete-question';

const KINDS = {
  question: {
    title: 'Do You Want to Delete This Question?',
    consequence: 'Its answers and votes are deleted with it. This cannot be undone.',
    deleted: MESSAGES.questionDeleted,
    failed: (error: Error) => toastMessageOf(error, MESSAGES.somethingWentWrong),
    useDelete: useDeleteQuestion,
  },
  answer: {
    title: 'Do You Want to Delete This Answer?',
    consequence: 'This cannot be undone.',
    deleted: MESSAGES.answerDeleted,
    failed: () => MESSAGES.answerDeleteFailed,
    useDelete: useDeleteAnswer,
  },
} as const;

export interface DeletePostModalProps {
  /** A question goes with its answers and votes, an answer with its votes. */
  variant: keyof typeof KINDS;
  /** The id of the post to delete; null when the modal is closed. */
  id: string | null;
  onClose: () => void;
  /** After the server deleted it (the toast is already shown). */
  onDeleted?: () => void;
}

/** Asks before deleting a question or an answer; authors and admins. */
export function DeletePostModal({ variant, id, onClose, onDeleted }: DeletePostModalProps) {
  const kind = KINDS[variant];
  const deletePost = kind.useDelete();
  return (
    <ConfirmModal
      opened={id !== null}
      title={kind.title}
      confirmLabel="Yes, Delete This"
      danger
      loading={deletePost.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!id) return;
        deletePost.mutate(id, {
          onSuccess: () => {
            notifySuccess(kind.deleted);
            onClose();
            onDeleted?.();
          },
          onError: (error) => notifyError(kind.failed(error)),
        });
      }}
    >
      {kind.consequence}
    </ConfirmModal>
  );
}
