import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateReview } from '../api/update-review';
import { MODAL_ATTRIBUTES } from './modal-attributes';
import { ReviewFields, useReviewDraft, type ReviewDraft } from './review-fields';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

export interface EditReviewModalProps {
  /** The review being edited, or null when the modal is closed. */
  review: { id: string; rating: number; text: string } | null;
  /** What the form starts with; default the review's own rating and text (e.g. a draft that hit a 409). */
  initial?: ReviewDraft;
  onClose: () => void;
  /** After a successful update, before the modal closes. */
  onUpdated?: () => void;
}

/** Edit a review: the star picker and the text area "write a review", Cancel / Update Review (spec §2). */
export function EditReviewModal({ review, initial, onClose, onUpdated }: EditReviewModalProps) {
  const form = useReviewDraft();
  const update = useUpdateReview();

  // Each opening starts from the review as stored (or the given draft), not from a previous attempt:
  // state adjusted while rendering when the modal opens for a review, React's pattern for derived state.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const reviewId = review?.id ?? null;
  if (reviewId !== openFor) {
    setOpenFor(reviewId);
    if (review) form.reset(initial ?? { rating: review.rating, text: review.text });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!review) return;
    const { id } = review;
    const values = await form.validate().catch(() => {
      notifyError(MESSAGES.reviewEditFailed);
      return null;
    });
    if (!values) return;
    update.mutate(
      { id, ...values },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.reviewUpdated);
          onUpdated?.();
          onClose();
        },
        onError: (error) => {
          form.showServerErrors(error);
          notifyError(MESSAGES.reviewEditFailed);
        },
      },
    );
  }

  const intl = useIntl();
  return (
    <Modal
      opened={review !== null}
      onClose={update.isPending ? () => {} : onClose}
      title={intl.formatMessage(m.editTitle)}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
      attributes={MODAL_ATTRIBUTES}
    >
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={form.preload}
        noValidate
        aria-label={intl.formatMessage(m.editForm)}
      >
        <ReviewFields
          draft={form.draft}
          errors={form.errors}
          onRatingChange={form.setRating}
          onTextChange={form.setText}
          textLabel={intl.formatMessage(m.writeReviewLower)}
          disabled={update.isPending}
          autoFocusText
        />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {intl.formatMessage(m.update)}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
