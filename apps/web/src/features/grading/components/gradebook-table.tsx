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
import { useIntl } from '@/i18n/intl';
import { GradebookCellView, GradebookColumnHead } from '@/components/gradebook-grid';
import { ListPagination } from '@/components/list-pagination';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { downloadGradebookCsv, GRADEBOOK_PAGE_SIZE, useGradebook } from '../api/grading';
import { gradingMessages as messages } from '../messages';
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
  const intl = useIntl();
  const t = intl.formatMessage;

  if (book.isPending) return <Text>{t(messages.loadingGradebook)}</Text>;
  if (book.isError) return <Alert color="red">{toastMessageOf(book.error, t(messages.gradebookLoadFailed))}</Alert>;
  const data = book.data;
  const weights = Object.entries(data.weights).filter(([, w]) => w > 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {t(messages.gradebookSummary, { students: data.total, assessments: data.columns.length })}
          {weights.length
            ? t(messages.weightsList, {
                list: weights
                  .map(([kind, weight]) => t(messages.weightItem, { kind, weight }))
                  .join(t(messages.listSeparator)),
              })
            : t(messages.everyPointAlikeShort)}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setShowWeights((v) => !v)} aria-expanded={showWeights}>
            {t(messages.weights)}
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
                notifyError(toastMessageOf(error, t(messages.exportFailed)));
              } finally {
                setExporting(false);
              }
            }}
          >
            {t(messages.exportCsv)}
          </Button>
        </Group>
      </Group>
      {showWeights ? (
        <WeightsForm key={JSON.stringify(data.weights)} courseId={courseId} weights={data.weights} />
      ) : null}
      {data.columns.length === 0 ? (
        <Alert color="gray">{t(messages.noAssessments)}</Alert>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped highlightOnHover withTableBorder stickyHeader miw={320 + data.columns.length * 120}>
            <Table.Caption>{t(messages.gradebookCaption)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(messages.student)}</Table.Th>
                {data.columns.map((column) => (
                  <Table.Th key={column.assessmentId} scope="col">
                    <GradebookColumnHead column={column} />
                    <Anchor display="block" component={Link} to={analysisHref(courseId, column.assessmentId)} size="xs">
                      {t(messages.itemAnalysis)}
                      <VisuallyHidden>{t(messages.itemAnalysisOf, { title: column.title })}</VisuallyHidden>
                    </Anchor>
                  </Table.Th>
                ))}
                <Table.Th scope="col">{t(messages.total)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Table.Tr key={row.student.id}>
                  <Table.Th scope="row">
                    <Text size="sm" fw={500} dir="auto">
                      {row.student.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr">
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
                          aria-label={t(messages.overrideCell, {
                            title: data.columns[i]!.title,
                            name: row.student.name,
                            points: cell.points === null ? 'none' : String(cell.points),
                          })}
                        >
                          <GradebookCellView cell={cell} />
                        </UnstyledButton>
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.totalPercent === null ? '—' : t(messages.percent, { value: row.totalPercent })}
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
        label={t(messages.gradebookPages)}
      />
    </Stack>
  );
}
