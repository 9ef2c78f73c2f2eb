import {
  Alert,
  Anchor,
  Button,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { GradebookCellView, GradebookColumnHead } from '@/components/gradebook-grid';
import { ListPagination } from '@/components/list-pagination';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { downloadGradebookCsv, GRADEBOOK_PAGE_SIZE, useGradebook } from '../api/grading';
import { OverrideDialog, WeightsForm, type CellTarget } from './gradebook-dialogs';

/** Students × assessments with the counting score of each, the course total, and the CSV export. */
export function GradebookTable({
  courseId,
  analysisHref = paths.teacher.itemAnalysis.href,
}: {
  courseId: string;
  /** Where a column's item analysis lives (the teacher's or the admin's area). */
  analysisHref?: (courseId: string, itemId: string) => string;
}) {
  const [page, setPage] = useState(1);
  const book = useGradebook(courseId, page);
  const [exporting, setExporting] = useState(false);
  const [target, setTarget] = useState<CellTarget | null>(null);
  const [showWeights, setShowWeights] = useState(false);

  if (book.isPending) return <Text>Loading the gradebook…</Text>;
  if (book.isError) return <Alert color="red">{toastMessageOf(book.error, 'The gradebook could not be loaded')}</Alert>;
  const data = book.data;
  const weights = Object.entries(data.weights).filter(([, w]) => w > 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {data.total} students · {data.columns.length} assessments ·{' '}
          {weights.length ? `weights ${weights.map(([k, w]) => `${k} ${w} %`).join(', ')}` : 'every point counts alike'}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setShowWeights((v) => !v)} aria-expanded={showWeights}>
            Weights
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                await downloadGradebookCsv(courseId);
              } catch (error) {
                notifyError(toastMessageOf(error, 'The gradebook could not be exported'));
              } finally {
                setExporting(false);
              }
            }}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {showWeights ? (
        <WeightsForm key={JSON.stringify(data.weights)} courseId={courseId} weights={data.weights} />
      ) : null}
      {data.columns.length === 0 ? (
        <Alert color="gray">This course has no quizzes, exams or assignments yet.</Alert>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped highlightOnHover withTableBorder stickyHeader miw={320 + data.columns.length * 120}>
            <Table.Caption>Counting score per assessment (points) and the course total</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Student</Table.Th>
                {data.columns.map((column) => (
                  <Table.Th key={column.assessmentId} scope="col">
                    <GradebookColumnHead column={column} />
                    <Anchor display="block" component={Link} to={analysisHref(courseId, column.assessmentId)} size="xs">
                      Item analysis<VisuallyHidden> of {column.title}</VisuallyHidden>
                    </Anchor>
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
                      {cell.hidden ? (
                        <GradebookCellView cell={cell} />
                      ) : (
                        <UnstyledButton
                          onClick={() =>
                            setTarget({
                              column: data.columns[i]!,
                              cell,
                              student: { id: row.student.id, name: row.student.name },
                            })
                          }
                          aria-label={`Override ${data.columns[i]!.title} for ${row.student.name}: ${cell.points ?? 'no score'}`}
                        >
                          <GradebookCellView cell={cell} />
                        </UnstyledButton>
                      )}
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
      <OverrideDialog courseId={courseId} target={target} onClose={() => setTarget(null)} />
      <ListPagination
        page={page}
        pageSize={GRADEBOOK_PAGE_SIZE}
        total={data.total}
        onChange={setPage}
        label="Gradebook pages"
      />
    </Stack>
  );
}
