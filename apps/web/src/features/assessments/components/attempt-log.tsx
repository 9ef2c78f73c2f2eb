import type { Assessment } from '@lyceum/contract';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { paths } from '@/config/paths';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { useTimeZone } from '@/lib/use-time-zone';
import { ATTEMPT_LOG_PAGE_SIZE, useAttemptLog } from '../api/attempt-log';
import { STATUS_COLORS, STATUS_LABELS, formatDateTime, formatPoints } from '../format';
import { ReleaseGrades } from './release-grades';

/** The attempts log: who started when, how many saves, when it was submitted, from which IP, and its status. */
export function AttemptLog({ assessment, courseId }: { assessment: Assessment; courseId: string }) {
  const [page, setPage] = useState(1);
  const query = useAttemptLog(courseId, assessment.id, page);
  const timeZone = useTimeZone();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <ReleaseGrades assessment={assessment} courseId={courseId} />
      </Paper>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the attempts log">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title="The attempts log could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {toastMessageOf(query.error, 'Please try again in a moment.')}
        </LoadError>
      ) : query.data.total === 0 ? (
        <EmptySection
          message="No attempts yet"
          description="Each attempt is logged here when a student starts it: saves, submit time and IP."
        />
      ) : (
        <>
          {/* Focusable so keyboard users can scroll the wide table sideways on a phone. */}
          <Paper
            withBorder
            radius="md"
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Attempts log"
          >
            <Table verticalSpacing="sm" horizontalSpacing="md" miw={900}>
              <Table.Caption>Attempts of {assessment.title}, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Student</Table.Th>
                  <Table.Th scope="col">Started</Table.Th>
                  <Table.Th scope="col">Saves</Table.Th>
                  <Table.Th scope="col">Submitted</Table.Th>
                  <Table.Th scope="col">IP</Table.Th>
                  <Table.Th scope="col" miw={150}>
                    Status
                  </Table.Th>
                  <Table.Th scope="col">Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      {/* Opens the attempt: answers, scores, feedback, timing log, grading in place (issue 54.8). */}
                      <Anchor
                        component={Link}
                        to={paths.teacher.attemptView.href(courseId, assessment.id, row.id)}
                        size="sm"
                        fw={600}
                      >
                        {row.student.name}
                        {row.number > 1 ? (
                          <Text span size="xs" fw={400}>
                            {' '}
                            · attempt {row.number}
                          </Text>
                        ) : null}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {row.student.anonymous ? 'Anonymous until the grades are released' : row.student.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(row.startedAt, timeZone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.savesCount}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {row.submittedAt ? formatDateTime(row.submittedAt, timeZone) : '—'}
                        {row.autoSubmitted ? (
                          <Text span size="xs" c="dimmed" display="block">
                            Submitted automatically at the deadline
                          </Text>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.ip ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap={4} wrap="nowrap">
                        <Badge
                          color={STATUS_COLORS[row.status]}
                          variant="filled"
                          radius="sm"
                          tt="none"
                          style={{ overflow: 'visible' }}
                          styles={{ label: { overflow: 'visible' } }}
                        >
                          {STATUS_LABELS[row.status]}
                        </Badge>
                        {row.late ? (
                          <Badge
                            color="orange.9"
                            variant="filled"
                            radius="sm"
                            tt="none"
                            style={{ overflow: 'visible' }}
                            styles={{ label: { overflow: 'visible' } }}
                          >
                            Late
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {row.score === null ? '—' : `${formatPoints(row.score)} / ${formatPoints(row.maxScore)}`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <ListPagination
            page={page}
            pageSize={query.data.pageSize || ATTEMPT_LOG_PAGE_SIZE}
            total={query.data.total}
            label="Attempts log pages"
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
