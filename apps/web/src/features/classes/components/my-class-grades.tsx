import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useClassGrades } from '../api/student-classes';
import { formatDateTime } from './accommodation-text';

/** The learner's own counting score on each assessment assigned to them in the class (once released). */
export function MyClassGrades({
  classId,
  startOf,
}: {
  classId: string;
  startOf: (courseId: string, itemId: string) => string;
}) {
  const [page, setPage] = useState(1);
  const grades = useClassGrades(classId, page);
  if (grades.isError)
    return <LoadError title="Your grades could not be loaded" onRetry={() => void grades.refetch()} />;
  if (!grades.data) return <Text c="dimmed">Loading your grades…</Text>;
  if (grades.data.total === 0) return <Text c="dimmed">No assessment is assigned to you in this class yet.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Assessment</Table.Th>
              <Table.Th scope="col">Score</Table.Th>
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
                    {g.dueAt ? ` · due ${formatDateTime(g.dueAt)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!g.released ? (
                    <Text size="sm" c="dimmed">
                      {g.attempts ? 'Not released yet' : 'Not submitted'}
                    </Text>
                  ) : g.points === null ? (
                    <Text size="sm" c="dimmed">
                      {g.pending ? 'Being graded' : 'Not submitted'}
                    </Text>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {g.points} / {g.maxPoints}
                      </Text>
                      <Text size="sm" c="dimmed">
                        ({g.percent} %)
                      </Text>
                      {g.late ? (
                        <Badge size="xs" color="red.9" variant="filled">
                          Late
                        </Badge>
                      ) : null}
                      {g.pending ? (
                        <Badge size="xs" color="gray.8" variant="filled">
                          Pending
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
        label="Grades pages"
      />
    </>
  );
}
