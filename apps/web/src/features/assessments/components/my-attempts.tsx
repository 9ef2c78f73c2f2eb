import type { MyAttemptRow } from '@lyceum/contract';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useSearchParams, Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { pageParam, parsePage, withParams } from '@/lib/search-params';
import { useTimeZone } from '@/lib/use-time-zone';
import { MY_ATTEMPTS_PAGE_SIZE, useMyAttempts } from '../api/take-assessment';
import { useIntl } from '@/i18n/intl';
import { STATUS_COLORS, formatDateTime, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';

export interface MyAttemptsProps {
  attemptHref: (attemptId: string) => string;
  reviewHref: (attemptId: string) => string;
  courseHref: (courseId: string) => string;
  coursesHref: string;
}

function Score({ row, timeZone }: { row: MyAttemptRow; timeZone: string | undefined }) {
  const intl = useIntl();
  if (row.status === 'in_progress') return <Text c="dimmed">—</Text>;
  if (row.score === null)
    return (
      <Text size="sm" c="dimmed">
        {row.status === 'needs_grading' && !row.releasesAt
          ? intl.formatMessage(messages.awaitingGrading)
          : row.releasesAt
            ? intl.formatMessage(messages.shownAfter, { date: formatDateTime(row.releasesAt, timeZone) })
            : intl.formatMessage(messages.notReleasedYet)}
      </Text>
    );
  return (
    <Text size="sm" fw={600}>
      <span dir="ltr">
        {formatPoints(row.score)} / {formatPoints(row.maxScore)}
        {row.percent !== null ? ` (${formatPoints(row.percent)}%)` : ''}
      </span>
      {row.passed !== null ? (
        <Text span size="xs" c={row.passed ? 'teal.9' : 'red.9'} fw={600} display="block">
          {intl.formatMessage(row.passed ? messages.passed : messages.notPassed)}
        </Text>
      ) : null}
    </Text>
  );
}

/** My Quiz Attempts: the student's attempts across courses, newest first, with Resume on one in progress. */
export function MyAttempts({ attemptHref, reviewHref, courseHref, coursesHref }: MyAttemptsProps) {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const query = useMyAttempts(page);
  const timeZone = useTimeZone();
  const intl = useIntl();
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-label={intl.formatMessage(messages.loadingAttempts)}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.attemptsLoadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {toastMessageOf(query.error, intl.formatMessage(messages.tryAgainSoon))}
      </LoadError>
    );
  const { items, total, pageSize } = query.data;
  if (total === 0)
    return (
      <EmptySection
        message={intl.formatMessage(messages.noAttemptsYet)}
        description={intl.formatMessage(messages.noAttemptsHint)}
      >
        <Button component={Link} to={coursesHref} variant="default">
          {intl.formatMessage(messages.browseCourses)}
        </Button>
      </EmptySection>
    );
  return (
    <Stack gap="md">
      {/* The table scrolls inside its frame on a phone; the page itself never gets wider than the screen. */}
      <Text size="sm" c="dimmed" hiddenFrom="lg" aria-hidden>
        {intl.formatMessage(messages.swipeTable)}
      </Text>
      <Paper withBorder radius="md">
        {/* Positioned, so the visually hidden labels of its cells scroll with it instead of widening the page. */}
        <Table.ScrollContainer minWidth={760} type="native" pos="relative">
          <Table verticalSpacing="sm" horizontalSpacing="md" striped={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(messages.assessment)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.colStarted)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.factSubmitted)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.colStatus)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.score)}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{intl.formatMessage(messages.colAction)}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      <bdi dir="auto">{row.assessmentTitle}</bdi>
                      {row.number > 1 ? (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {intl.formatMessage(messages.attemptNumberSuffix, { number: row.number })}
                        </Text>
                      ) : null}
                    </Text>
                    <Anchor component={Link} to={courseHref(row.courseId)} size="xs" dir="auto">
                      {row.courseTitle}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.startedAt, timeZone)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.submittedAt ? formatDateTime(row.submittedAt, timeZone) : '—'}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      color={STATUS_COLORS[row.status]}
                      variant="filled"
                      radius="sm"
                      tt="none"
                      // Mantine's badge caps itself at 100 % of the cell and hides what overflows, which a table
                      // column then squeezes to "Gra…": the whole label is the badge's least width.
                      maw="none"
                      miw="max-content"
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {intl.formatMessage(messages.status, { status: row.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Score row={row} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'in_progress' ? (
                      <Button component={Link} to={attemptHref(row.id)} size="xs">
                        {intl.formatMessage(messages.resume)}
                        <VisuallyHidden> {row.assessmentTitle}</VisuallyHidden>
                      </Button>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Button component={Link} to={reviewHref(row.id)} size="xs">
                          {intl.formatMessage(messages.review)}
                          <VisuallyHidden>
                            {intl.formatMessage(messages.ofAttempt, { title: row.assessmentTitle, number: row.number })}
                          </VisuallyHidden>
                        </Button>
                        <Button component={Link} to={attemptHref(row.id)} size="xs" variant="default">
                          {intl.formatMessage(messages.receipt)}
                          <VisuallyHidden>
                            {intl.formatMessage(messages.ofAttempt, { title: row.assessmentTitle, number: row.number })}
                          </VisuallyHidden>
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ListPagination
        page={page}
        pageSize={pageSize || MY_ATTEMPTS_PAGE_SIZE}
        total={total}
        label={intl.formatMessage(messages.attemptPages)}
        onChange={(next) => setParams(withParams(params, { page: pageParam(next) }))}
      />
    </Stack>
  );
}
