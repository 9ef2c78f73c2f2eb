import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group } from '@mantine/core';
import type { FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateReview } from '../api/create-review';
import { ReviewFields, useReviewDraft, type ReviewDraft } from './review-fields';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

export interface WriteReviewFormProps {
  courseId: string;
  /** Names the form, e.g. the id of the "Write a review" heading. */
  labelledBy: string;
  onCreated?: () => void;
  /** The student has reviewed this course already (409): the caller offers to edit that review with this draft. */
  onConflict: (draft: ReviewDraft) => void;
}

/** "Write a review": the 5-star picker (starting at 1), the text and Submit Review. */
export function WriteReviewForm({ courseId, labelledBy, onCreated, onConflict }: WriteReviewFormProps) {
  const form = useReviewDraft();
  const create = useCreateReview();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = await form.validate().catch(() => {
      notifyError(MESSAGES.reviewAddFailed);
      return null;
    });
    if (!values) return;
    create.mutate(
      { courseId, ...values },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.reviewAdded);
          form.reset();
          onCreated?.();
        },
        onError: (error) => {
          notifyError(MESSAGES.reviewAddFailed);
          if (error instanceof ApiError && error.status === 409) onConflict(values);
          else form.showServerErrors(error);
        },
      },
    );
  }

  const intl = useIntl();
  return (
    <form onSubmit={(event) => void submit(event)} onFocus={form.preload} noValidate aria-labelledby={labelledBy}>
      <ReviewFields
        draft={form.draft}
        errors={form.errors}
        onRatingChange={form.setRating}
        onTextChange={form.setText}
        textLabel={intl.formatMessage(m.yourReview)}
        disabled={create.isPending}
      />
      <Group mt="md">
        <Button type="submit" loading={create.isPending}>
          {intl.formatMessage(m.submit)}
        </Button>
      </Group>
    </form>
  );
}
