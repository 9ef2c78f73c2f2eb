import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useClassGrades } from '../api/student-classes';
import { classesMessages as messages } from '../messages';
import { formatDateTime } from './accommodation-text';

/** The learner's own counting score on each assessment assigned to them in the class (once released). */
export function MyClassGrades({
  classId,
  startOf,
}: {
  classId: string;
  startOf: (courseId: string, itemId: string) => string;
}) {
  const t = useIntl().formatMessage;
  const [page, setPage] = useState(1);
  const grades = useClassGrades(classId, page);
  if (grades.isError) return <LoadError title={t(messages.gradesLoadFailed)} onRetry={() => void grades.refetch()} />;
  if (!grades.data) return <Text c="dimmed">{t(messages.loadingGrades)}</Text>;
  if (grades.data.total === 0) return <Text c="dimmed">{t(messages.noAssessmentAssigned)}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(messages.colAssessment)}</Table.Th>
              <Table.Th scope="col">{t(messages.colScore)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grades.data.items.map((g) => (
              <Table.Tr key={g.assignmentId}>
                <Table.Td>
                  <Anchor component={Link} to={startOf(g.courseId, g.itemId)} fw={600}>
                    {g.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {g.courseTitle}
                    {g.dueAt ? t(messages.dueSuffix, { date: formatDateTime(g.dueAt) }) : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!g.released ? (
                    <Text size="sm" c="dimmed">
                      {t(messages.gradeState, { state: g.attempts ? 'unreleased' : 'none' })}
                    </Text>
                  ) : g.points === null ? (
                    <Text size="sm" c="dimmed">
                      {t(messages.gradeState, { state: g.pending ? 'grading' : 'none' })}
                    </Text>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {t(messages.pointsOf, { points: g.points, max: g.maxPoints })}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t(messages.percentOf, { percent: g.percent })}
                      </Text>
                      {g.late ? (
                        <Badge size="xs" color="red.9" variant="filled">
                          {t(messages.late)}
                        </Badge>
                      ) : null}
                      {g.pending ? (
                        <Badge size="xs" color="gray.8" variant="filled">
                          {t(messages.pending)}
                        </Badge>
                      ) : null}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination
        page={page}
        pageSize={grades.data.pageSize}
        total={grades.data.total}
        onChange={setPage}
        label={t(messages.gradesPages)}
      />
    </>
  );
}
