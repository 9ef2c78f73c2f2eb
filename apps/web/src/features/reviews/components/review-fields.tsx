import { LIMITS, RATING } from '@lyceum/contract/constants';
import { Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { StarRatingInput } from '@/components/star-rating-input';
import { ApiError } from '@/lib/api-client';
import { checkWith, issuesToFormErrors, lazySchema } from '@/lib/form-errors';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

export interface ReviewDraft {
  rating: number;
  text: string;
}

const LABELS = { rating: 'Rating', text: 'Review' };
const REVIEW_SCHEMA = lazySchema((schemas) => schemas.CreateReviewBodySchema);

/** The state of a review form: the draft, its field errors, and a check against the contract. */
export function useReviewDraft(initial: ReviewDraft = { rating: RATING.default, text: '' }) {
  const [draft, setDraft] = useState<ReviewDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    draft,
    errors,
    setRating: (rating: number) => setDraft((current) => ({ ...current, rating })),
    setText: (text: string) => {
      setDraft((current) => ({ ...current, text }));
      setErrors((current) => (current.text ? { ...current, text: '' } : current));
    },
    reset: (next: ReviewDraft = { rating: RATING.default, text: '' }) => {
      setDraft(next);
      setErrors({});
    },
    /** Loads the contract's rules ahead of `validate`: the form's `onFocus`. */
    preload: REVIEW_SCHEMA.preload,
    /**
     * The trimmed draft when the contract accepts it; otherwise shows the errors and answers null. Rejects when
     * the rules cannot be loaded (offline).
     */
    async validate(): Promise<ReviewDraft | null> {
      const { data, errors: problems } = checkWith(await REVIEW_SCHEMA.load(), draft, LABELS);
      setErrors(problems ?? {});
      return data;
    },
    /** Field errors the server named (400), shown next to their fields. */
    showServerErrors(error: unknown) {
      if (error instanceof ApiError && error.issues.length > 0) setErrors(issuesToFormErrors(error.issues, LABELS));
    },
  };
}

export interface ReviewFieldsProps {
  draft: ReviewDraft;
  errors: Record<string, string>;
  onRatingChange: (rating: number) => void;
  onTextChange: (text: string) => void;
  /** The text area's label (the edit modal's is "write a review", spec §2). */
  textLabel: string;
  disabled?: boolean;
  /** Focus the text area when shown (modals). */
  autoFocusText?: boolean;
}

/** The star picker and the text area of a review; the text is plain text, at most 5,000 characters. */
export function ReviewFields({
  draft,
  errors,
  onRatingChange,
  onTextChange,
  textLabel,
  disabled = false,
  autoFocusText = false,
}: ReviewFieldsProps) {
  const remaining = LIMITS.reviewText - draft.text.length;
  const intl = useIntl();
  return (
    <Stack gap="md">
      <StarRatingInput
        label={intl.formatMessage(m.yourRating)}
        value={draft.rating}
        onChange={onRatingChange}
        disabled={disabled}
      />
      <Textarea
        label={textLabel}
        placeholder={intl.formatMessage(m.placeholder)}
        value={draft.text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        error={errors.text || undefined}
        description={
          remaining < 500 ? intl.formatMessage(m.charactersLeft, { count: Math.max(remaining, 0) }) : undefined
        }
        maxLength={LIMITS.reviewText}
        withAsterisk
        aria-required
        autosize
        minRows={4}
        maxRows={12}
        disabled={disabled}
        data-autofocus={autoFocusText || undefined}
      />
    </Stack>
  );
}
