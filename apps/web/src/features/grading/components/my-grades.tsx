import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/use-time-zone';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyGrades } from '../api/grading';
import { gradingMessages as messages } from '../messages';

const points = (n: number) => String(Math.round(n * 100) / 100);

/** "My grades" in a course: the learner's own gradebook row — counting score per assessment and the course total. */
export function MyGrades({ courseId }: { courseId: string }) {
  const grades = useMyGrades(courseId);
  const timeZone = useTimeZone();
  const intl = useIntl();
  usePageTitle(
    grades.data
      ? intl.formatMessage(messages.myGradesTitle, { course: grades.data.course.title })
      : intl.formatMessage(messages.myGrades),
  );
  if (grades.isPending)
    return (
      <Stack gap="md" role="status" aria-label={intl.formatMessage(messages.loading)}>
        <Skeleton height={80} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  if (grades.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.loadFailed)}
        onRetry={() => void grades.refetch()}
        retrying={grades.isFetching}
      >
        {toastMessageOf(grades.error, intl.formatMessage(messages.tryAgainSoon))}
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
              {intl.formatMessage(messages.courseTotal, {
                course: (
                  <bdi key="course" dir="auto">
                    {course.title}
                  </bdi>
                ),
              })}
            </Text>
            <Text fz={32} fw={800} lh={1.2}>
              {totalPercent === null ? '—' : intl.formatMessage(messages.percent, { value: points(totalPercent) })}
            </Text>
          </Stack>
          <Text size="sm" c="dimmed" maw={420}>
            {weighted.length
              ? intl.formatMessage(messages.weighted, {
                  list: weighted
                    .map(([kind, weight]) => intl.formatMessage(messages.weight, { kind, weight }))
                    .join(intl.formatMessage(messages.listSeparator)),
                })
              : intl.formatMessage(messages.everyPointAlike)}{' '}
            {intl.formatMessage(messages.onlyReleased)}
          </Text>
        </Group>
      </Paper>
      {columns.length === 0 ? (
        <Alert color="gray">{intl.formatMessage(messages.noAssessments)}</Alert>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={340}>
            <Table.Caption>{intl.formatMessage(messages.caption)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(messages.assessment)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.score)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(messages.attempts)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((column, i) => {
                const cell = cells[i]!;
                return (
                  <Table.Tr key={column.assessmentId}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={600} dir="auto">
                        {column.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {intl.formatMessage(messages.kindRule, { kind: column.kind, rule: column.countingRule })}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      {!cell.started && !cell.overridden ? (
                        <Text size="sm" c="dimmed">
                          {intl.formatMessage(messages.notStarted)}
                        </Text>
                      ) : cell.attempts === 0 && !cell.overridden ? (
                        <Text size="sm" c="dimmed">
                          {intl.formatMessage(messages.notSubmitted)}
                        </Text>
                      ) : !cell.released ? (
                        <Text size="sm" c="dimmed">
                          {cell.releasesAt
                            ? intl.formatMessage(messages.shownAfter, {
                                date: formatDateTime(cell.releasesAt, timeZone),
                              })
                            : intl.formatMessage(messages.notReleased)}
                        </Text>
                      ) : cell.points === null ? (
                        <Text size="sm" c="dimmed">
                          {cell.pending ? intl.formatMessage(messages.awaitingGrading) : '—'}
                        </Text>
                      ) : (
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" fw={600} dir="ltr">
                            {points(cell.points)} / {points(column.points)}
                            {cell.percent !== null
                              ? ` (${intl.formatMessage(messages.percent, { value: points(cell.percent) })})`
                              : ''}
                          </Text>
                          {cell.late ? (
                            <Badge size="sm" color="red.9" variant="filled" radius="sm">
                              {intl.formatMessage(messages.late, { points: points(cell.penaltyPoints) })}
                            </Badge>
                          ) : null}
                          {cell.pending ? (
                            <Badge size="sm" color="gray.8" variant="filled" radius="sm">
                              {intl.formatMessage(messages.provisional)}
                            </Badge>
                          ) : null}
                          {cell.overridden ? (
                            <Badge size="sm" color="grape.9" variant="filled" radius="sm">
                              {intl.formatMessage(messages.setByTeacher)}
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
        {intl.formatMessage(messages.openAttemptHint)}
      </Text>
    </Stack>
  );
}
