import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/use-time-zone';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyGrades } from '../api/grading';

const RULES = { highest: 'best attempt counts', latest: 'latest attempt counts', average: 'average of attempts' };
const KINDS = { quiz: 'Quizzes', exam: 'Exams', assignment: 'Assignments' } as const;
const points = (n: number) => String(Math.round(n * 100) / 100);

/** "My grades" in a course: the learner's own gradebook row — counting score per assessment and the course total. */
export function MyGrades({ courseId }: { courseId: string }) {
  const grades = useMyGrades(courseId);
  const timeZone = useTimeZone();
  usePageTitle(grades.data ? `My grades · ${grades.data.course.title}` : 'My grades');
  if (grades.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading your grades">
        <Skeleton height={80} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  if (grades.isError)
    return (
      <LoadError
        title="Your grades could not be loaded"
        onRetry={() => void grades.refetch()}
        retrying={grades.isFetching}
      >
        {toastMessageOf(grades.error, 'Please try again in a moment.')}
      </LoadError>
    );
  const { course, columns, cells, weights, totalPercent } = grades.data;
  const weighted = Object.entries(weights).filter(([, w]) => w > 0);
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder radius="md" p="md" role="group" aria-labelledby="course-total-label">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600} id="course-total-label">
              Course total · {course.title}
            </Text>
            <Text fz={32} fw={800} lh={1.2}>
              {totalPercent === null ? '—' : `${points(totalPercent)} %`}
            </Text>
          </Stack>
          <Text size="sm" c="dimmed" maw={420}>
            {weighted.length
              ? `Weighted: ${weighted.map(([k, w]) => `${KINDS[k as keyof typeof KINDS] ?? k} ${w} %`).join(', ')}.`
              : 'Every point counts alike.'}{' '}
            Only released, graded work counts so far.
          </Text>
        </Group>
      </Paper>
      {columns.length === 0 ? (
        <Alert color="gray">This course has no quizzes, exams or assignments yet.</Alert>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={340}>
            <Table.Caption>Your counting score per assessment</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Assessment</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((column, i) => {
                const cell = cells[i]!;
                return (
                  <Table.Tr key={column.assessmentId}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={600}>
                        {column.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {column.kind} · {RULES[column.countingRule]}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      {!cell.started && !cell.overridden ? (
                        <Text size="sm" c="dimmed">
                          Not started
                        </Text>
                      ) : cell.attempts === 0 && !cell.overridden ? (
                        <Text size="sm" c="dimmed">
                          Started, not submitted yet
                        </Text>
                      ) : !cell.released ? (
                        <Text size="sm" c="dimmed">
                          {cell.releasesAt
                            ? `Your score will be shown after ${formatDateTime(cell.releasesAt, timeZone)}`
                            : 'Not released yet'}
                        </Text>
                      ) : cell.points === null ? (
                        <Text size="sm" c="dimmed">
                          {cell.pending ? 'Awaiting grading' : '—'}
                        </Text>
                      ) : (
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" fw={600}>
                            {points(cell.points)} / {points(column.points)}
                            {cell.percent !== null ? ` (${points(cell.percent)} %)` : ''}
                          </Text>
                          {cell.late ? (
                            <Badge size="sm" color="red.9" variant="filled" radius="sm">
                              Late −{points(cell.penaltyPoints)}
                            </Badge>
                          ) : null}
                          {cell.pending ? (
                            <Badge size="sm" color="gray.8" variant="filled" radius="sm">
                              Provisional
                            </Badge>
                          ) : null}
                          {cell.overridden ? (
                            <Badge size="sm" color="grape.9" variant="filled" radius="sm">
                              Set by your teacher
                            </Badge>
                          ) : null}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>{cell.attempts}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        Open an attempt from My Quiz Attempts to see its answers and feedback.
      </Text>
    </Stack>
  );
}
