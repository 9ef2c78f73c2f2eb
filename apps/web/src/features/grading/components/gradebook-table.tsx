import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { GradebookGrid } from '../../../components/gradebook-grid';
import { ListPagination } from '../../../components/list-pagination';
import { toastMessageOf } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { downloadGradebookCsv, GRADEBOOK_PAGE_SIZE, useGradebook } from '../api/grading';

/** Students × assessments with the counting score of each, the course total, and the CSV export. */
export function GradebookTable({ courseId }: { courseId: string }) {
  const [page, setPage] = useState(1);
  const book = useGradebook(courseId, page);
  const [exporting, setExporting] = useState(false);

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
      <GradebookGrid data={data} />
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
