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
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { STATUS_COLORS, formatDateTime, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { ReleaseGrades } from './release-grades';

/** The attempts log: who started when, how many saves, when it was submitted, from which IP, and its status. */
export function AttemptLog({ assessment, courseId }: { assessment: Assessment; courseId: string }) {
  const [page, setPage] = useState(1);
  const query = useAttemptLog(courseId, assessment.id, page);
  const timeZone = useTimeZone();
  const intl = useIntl();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <ReleaseGrades assessment={assessment} courseId={courseId} />
      </Paper>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label={intl.formatMessage(messages.loadingLog)}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={intl.formatMessage(messages.logLoadFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {toastMessageOf(query.error, intl.formatMessage(messages.tryAgainSoon))}
        </LoadError>
      ) : query.data.total === 0 ? (
        <EmptySection
          message={intl.formatMessage(messages.noAttemptsLogged)}
          description={intl.formatMessage(messages.noAttemptsLoggedHint)}
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
            aria-label={intl.formatMessage(messages.attemptsLog)}
          >
            <Table verticalSpacing="sm" horizontalSpacing="md" miw={900}>
              <Table.Caption>
                <FormattedMessage
                  {...messages.logCaption}
                  values={{ title: <bdi dir="auto">{assessment.title}</bdi> }}
                />
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage(messages.colStudent)}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(messages.colStarted)}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(messages.colSaves)}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(messages.factSubmitted)}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(messages.colIp)}</Table.Th>
                  <Table.Th scope="col" miw={150}>
                    {intl.formatMessage(messages.colStatus)}
                  </Table.Th>
                  <Table.Th scope="col">{intl.formatMessage(messages.score)}</Table.Th>
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
                        <bdi dir="auto">{row.student.name}</bdi>
                        {row.number > 1 ? (
                          <Text span size="xs" fw={400}>
                            {intl.formatMessage(messages.attemptNumberSuffix, { number: row.number })}
                          </Text>
                        ) : null}
                      </Anchor>
                      {row.student.anonymous ? (
                        <Text size="xs" c="dimmed">
                          {intl.formatMessage(messages.anonymousUntilReleased)}
                        </Text>
                      ) : (
                        <Text size="xs" c="dimmed" dir="ltr">
                          {row.student.email}
                        </Text>
                      )}
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
                            {intl.formatMessage(messages.autoSubmittedAtDeadline)}
                          </Text>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" dir="ltr">
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
                          {intl.formatMessage(messages.status, { status: row.status })}
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
                            {intl.formatMessage(messages.late)}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr">
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
            label={intl.formatMessage(messages.logPages)}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
