import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useAttempt } from '../api/take-assessment';
import { AttemptPlayer } from './attempt-player';
import { useIntl } from '@/i18n/intl';
import { assessmentsMessages as messages } from '../messages';
import { AttemptReceipt } from './attempt-receipt';

/** An attempt: taking it while in progress (resumed with its answers and true time), its receipt once submitted. */
export function AttemptPage({
  attemptId,
  attemptsHref,
  startHref,
  reviewHref,
}: {
  attemptId: string;
  attemptsHref: string;
  startHref: (courseId: string, itemId: string) => string;
  reviewHref: (attemptId: string) => string;
}) {
  const attempt = useAttempt(attemptId);
  const intl = useIntl();
  usePageTitle(
    attempt.data
      ? attempt.data.status === 'in_progress'
        ? attempt.data.title
        : intl.formatMessage(messages.receiptTitle, { title: attempt.data.title })
      : intl.formatMessage(messages.attempt),
  );
  if (attempt.isPending)
    return (
      <Stack gap="md" role="status" aria-label={intl.formatMessage(messages.loadingAttempt)}>
        <Skeleton height={32} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (attempt.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.attemptLoadFailed)}
        onRetry={() => void attempt.refetch()}
        retrying={attempt.isFetching}
      >
        {toastMessageOf(attempt.error, intl.formatMessage(messages.tryAgainSoon))}
      </LoadError>
    );
  const data = attempt.data;
  if (data.status === 'in_progress') return <AttemptPlayer key={data.id} attempt={data} />;
  return (
    <AttemptReceipt
      attempt={data}
      attemptsHref={attemptsHref}
      startHref={startHref(data.courseId, data.assessmentId)}
      reviewHref={reviewHref(data.id)}
    />
  );
}
