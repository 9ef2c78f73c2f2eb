import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteReview } from '../api/delete-review';
import { MODAL_ATTRIBUTES } from './modal-attributes';

export interface DeleteReviewModalProps {
  /** The review to delete, or null when the modal is closed. */
  reviewId: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirm, then delete a review: "Do You Want to Delete This Review?", Cancel / Yes, Delete This (spec §2). */
export function DeleteReviewModal({ reviewId, onClose, onDeleted }: DeleteReviewModalProps) {
  const remove = useDeleteReview();

  function confirm() {
    if (!reviewId) return;
    remove.mutate(reviewId, {
      onSuccess: () => {
        notifySuccess(MESSAGES.reviewDeleted);
        onDeleted?.();
        onClose();
      },
      onError: () => notifyError(MESSAGES.reviewDeleteFailed),
    });
  }

  return (
    <Modal
      opened={reviewId !== null}
      onClose={remove.isPending ? () => {} : onClose}
      title="Do You Want to Delete This Review?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={MODAL_ATTRIBUTES}
    >
      <Text c="dimmed">The review and its rating are removed from the course. This cannot be undone.</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red.9" onClick={confirm} loading={remove.isPending} data-autofocus>
          Yes, Delete This
        </Button>
      </Group>
    </Modal>
  );
}
