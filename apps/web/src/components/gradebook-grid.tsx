import type { Gradebook, GradebookCell, GradebookColumn } from '@lyceum/contract';
import { Alert, Badge, Group, ScrollArea, Table, Text, Tooltip } from '@mantine/core';

/** How each assessment's counting score is chosen, as a column header says it. */
export const COUNTING_RULE_LABELS = { highest: 'Highest', latest: 'Latest', average: 'Average' } as const;

/** One gradebook cell: the counting score and its Late / Pending / Override marks. */
export function GradebookCellView({ cell }: { cell: GradebookCell }) {
  if (cell.hidden)
    return (
      <Text c="dimmed" size="sm">
        Hidden until release
      </Text>
    );
  if (cell.points === null)
    return (
      <Text c="dimmed" size="sm">
        {cell.pending ? 'To grade' : '—'}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={500}>
        {cell.points}
      </Text>
      {cell.late && (
        <Tooltip label={`Late: −${cell.penaltyPoints} points`}>
          <Badge size="xs" color="red.9" variant="filled">
            Late
          </Badge>
        </Tooltip>
      )}
      {cell.pending && (
        <Badge size="xs" color="gray.8" variant="filled">
          Pending
        </Badge>
      )}
      {cell.overridden && (
        <Badge size="xs" color="grape.9" variant="filled">
          Override
        </Badge>
      )}
    </Group>
  );
}

/**
 * A column's heading: title, kind, points and counting rule; "Anonymous" when the assessment grades anonymously
 * (its cells say "Hidden until release" until the teacher releases its grades).
 */
export function GradebookColumnHead({ column }: { column: GradebookColumn }) {
  return (
    <>
      <Text size="sm" fw={600} lineClamp={2}>
        {column.title}
      </Text>
      <Text size="xs" c="dimmed">
        {column.kind} · /{column.points} · {COUNTING_RULE_LABELS[column.countingRule]}
      </Text>
      {column.anonymous && (
        <Badge size="xs" color="dark.4" variant="filled">
          Anonymous
        </Badge>
      )}
    </>
  );
}

/** A gradebook page as a table: students × assessments (counting score, badges) and the course total. */
export function GradebookGrid({ data }: { data: Gradebook }) {
  return (
    <>
      {data.columns.length === 0 ? (
        <Alert color="gray">This course has no quizzes, exams or assignments yet.</Alert>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Gradebook (scrolls sideways)' }}
        >
          <Table striped highlightOnHover withTableBorder stickyHeader miw={320 + data.columns.length * 120}>
            <Table.Caption>Counting score per assessment (points) and the course total</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                {data.columns.map((column) => (
                  <Table.Th key={column.assessmentId} scope="col">
                    <GradebookColumnHead column={column} />
                  </Table.Th>
                ))}
                <Table.Th scope="col">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Table.Tr key={row.student.id}>
                  <Table.Th scope="row">
                    <Text size="sm" fw={500}>
                      {row.student.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.student.email}
                    </Text>
                  </Table.Th>
                  {row.cells.map((cell, i) => (
                    <Table.Td key={data.columns[i]!.assessmentId}>
                      <GradebookCellView cell={cell} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.totalPercent === null ? '—' : `${row.totalPercent} %`}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </>
  );
}
