import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteReview } from '../api/delete-review';
import { MODAL_ATTRIBUTES } from './modal-attributes';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

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

  const intl = useIntl();
  return (
    <Modal
      opened={reviewId !== null}
      onClose={remove.isPending ? () => {} : onClose}
      title={intl.formatMessage(m.deleteTitle)}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
      attributes={MODAL_ATTRIBUTES}
    >
      <Text c="dimmed">{intl.formatMessage(m.deleteText)}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button color="red.9" onClick={confirm} loading={remove.isPending} data-autofocus>
          {intl.formatMessage(m.deleteConfirm)}
        </Button>
      </Group>
    </Modal>
  );
}
