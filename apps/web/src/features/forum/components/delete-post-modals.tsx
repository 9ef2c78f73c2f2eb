import { MESSAGES } from '@lyceum/contract/constants';
import { ConfirmModal } from '../../../components/confirm-modal';
import { toastMessageOf } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteAnswer } from '../api/delete-answer';
import { useDeleteQuestion } from '../api/delete-question';

export interface DeleteModalProps {
  /** The id of the post to delete; null when the modal is closed. */
  id: string | null;
  onClose: () => void;
  /** After the server deleted it (the toast is already shown). */
  onDeleted?: () => void;
}

/** Asks before deleting a question (with its answers and votes); authors and admins. */
export function DeleteQuestionModal({ id, onClose, onDeleted }: DeleteModalProps) {
  const deleteQuestion = useDeleteQuestion();
  return (
    <ConfirmModal
      opened={id !== null}
      title="Do You Want to Delete This Question?"
      confirmLabel="Yes, Delete This"
      danger
      loading={deleteQuestion.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!id) return;
        deleteQuestion.mutate(id, {
          onSuccess: () => {
            notifySuccess(MESSAGES.questionDeleted);
            onClose();
            onDeleted?.();
          },
          onError: (error) => notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong)),
        });
      }}
    >
      Its answers and votes are deleted with it. This cannot be undone.
    </ConfirmModal>
  );
}

/** Asks before deleting an answer (with its votes); authors and admins. */
export function DeleteAnswerModal({ id, onClose, onDeleted }: DeleteModalProps) {
  const deleteAnswer = useDeleteAnswer();
  return (
    <ConfirmModal
      opened={id !== null}
      title="Do You Want to Delete This Answer?"
      confirmLabel="Yes, Delete This"
      danger
      loading={deleteAnswer.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!id) return;
        deleteAnswer.mutate(id, {
          onSuccess: () => {
            notifySuccess(MESSAGES.answerDeleted);
            onClose();
            onDeleted?.();
          },
          onError: () => notifyError(MESSAGES.answerDeleteFailed),
        });
      }}
    >
      This cannot be undone.
    </ConfirmModal>
  );
}
