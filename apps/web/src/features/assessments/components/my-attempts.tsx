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
import { STATUS_COLORS, STATUS_LABELS, formatDateTime, formatPoints } from '../format';

export interface MyAttemptsProps {
  attemptHref: (attemptId: string) => string;
  reviewHref: (attemptId: string) => string;
  courseHref: (courseId: string) => string;
  coursesHref: string;
}

function Score({ row, timeZone }: { row: MyAttemptRow; timeZone: string | undefined }) {
  if (row.status === 'in_progress') return <Text c="dimmed">—</Text>;
  if (row.score === null)
    return (
      <Text size="sm" c="dimmed">
        {row.status === 'needs_grading' && !row.releasesAt
          ? 'Awaiting grading'
          : row.releasesAt
            ? `Shown after ${formatDateTime(row.releasesAt, timeZone)}`
            : 'Not released yet'}
      </Text>
    );
  return (
    <Text size="sm" fw={600}>
      {formatPoints(row.score)} / {formatPoints(row.maxScore)}
      {row.percent !== null ? ` (${formatPoints(row.percent)}%)` : ''}
      {row.passed !== null ? (
        <Text span size="xs" c={row.passed ? 'teal.9' : 'red.9'} fw={600} display="block">
          {row.passed ? 'Passed' : 'Not passed'}
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
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-label="Loading your attempts">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title="Your attempts could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {toastMessageOf(query.error, 'Please try again in a moment.')}
      </LoadError>
    );
  const { items, total, pageSize } = query.data;
  if (total === 0)
    return (
      <EmptySection
        message="No quiz attempts yet"
        description="Quizzes and exams you take in your courses will be listed here with their results."
      >
        <Button component={Link} to={coursesHref} variant="default">
          Browse courses
        </Button>
      </EmptySection>
    );
  return (
    <Stack gap="md">
      {/* The table scrolls inside its frame on a phone; the page itself never gets wider than the screen. */}
      <Text size="sm" c="dimmed" hiddenFrom="lg" aria-hidden>
        Swipe the table sideways for every column →
      </Text>
      <Paper withBorder radius="md">
        {/* Positioned, so the visually hidden labels of its cells scroll with it instead of widening the page. */}
        <Table.ScrollContainer minWidth={760} type="native" pos="relative">
          <Table verticalSpacing="sm" horizontalSpacing="md" striped={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Assessment</Table.Th>
                <Table.Th scope="col">Started</Table.Th>
                <Table.Th scope="col">Submitted</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.assessmentTitle}
                      {row.number > 1 ? (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          · attempt {row.number}
                        </Text>
                      ) : null}
                    </Text>
                    <Anchor component={Link} to={courseHref(row.courseId)} size="xs">
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
                      {STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Score row={row} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'in_progress' ? (
                      <Button component={Link} to={attemptHref(row.id)} size="xs">
                        Resume<VisuallyHidden> {row.assessmentTitle}</VisuallyHidden>
                      </Button>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Button component={Link} to={reviewHref(row.id)} size="xs">
                          Review
                          <VisuallyHidden>
                            {' '}
                            {row.assessmentTitle}, attempt {row.number}
                          </VisuallyHidden>
                        </Button>
                        <Button component={Link} to={attemptHref(row.id)} size="xs" variant="default">
                          Receipt
                          <VisuallyHidden>
                            {' '}
                            of {row.assessmentTitle}, attempt {row.number}
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
        label="Attempt pages"
        onChange={(next) => setParams(withParams(params, { page: pageParam(next) }))}
      />
    </Stack>
  );
}
