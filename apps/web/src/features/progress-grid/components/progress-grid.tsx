import type { ItemState, ProgressGridSort } from '@lyceum/contract';
import { PROGRESS_GRID } from '@lyceum/contract/constants';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconCheck,
  IconDownload,
  IconEye,
  IconInfoCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { formatCount } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useDownloadProgressCsv, useProgressGrid, type GridParams } from '../api/progress-grid';
import classes from './progress-grid.module.css';

const STATE_LABEL: Record<ItemState, string> = {
  completed: 'Completed',
  opened: 'Opened',
  not_started: 'Not started',
};

function StateMark({ state }: { state: ItemState }) {
  if (state === 'completed') {
    return (
      <ThemeIcon size={22} radius="xl" color="teal" variant="filled" aria-hidden>
        <IconCheck size={14} stroke={3} />
      </ThemeIcon>
    );
  }
  if (state === 'opened') {
    return (
      <ThemeIcon size={22} radius="xl" color="blue" variant="light" aria-hidden>
        <IconEye size={14} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={22} radius="xl" color="gray" variant="outline" aria-hidden style={{ borderStyle: 'dashed' }}>
      <span />
    </ThemeIcon>
  );
}

function Legend() {
  return (
    <Group gap="lg" wrap="wrap" aria-label="Legend" role="list">
      {(['completed', 'opened', 'not_started'] as const).map((state) => (
        <Group key={state} gap={6} role="listitem">
          <StateMark state={state} />
          <Text size="sm">{STATE_LABEL[state]}</Text>
        </Group>
      ))}
    </Group>
  );
}

interface SortHeaderProps {
  label: string;
  sort: ProgressGridSort;
  params: GridParams;
  onSort: (sort: ProgressGridSort) => void;
  className?: string;
}

function SortHeader({ label, sort, params, onSort, className }: SortHeaderProps) {
  const active = params.sort === sort;
  const Arrow = !active ? IconArrowsSort : params.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      className={className}
      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      scope="col"
    >
      <button type="button" className={classes.sortButton} onClick={() => onSort(sort)}>
        {label}
        <Arrow size={14} aria-hidden />
        <VisuallyHidden>
          {active ? `, sorted ${params.order === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
        </VisuallyHidden>
      </button>
    </Table.Th>
  );
}

/**
 * The teacher's progress grid of a course: enrolled students × published items (completed / opened / not started),
 * progress and last activity; sortable by name, progress and last activity; paginated; exported as CSV.
 */
export function ProgressGridView({ courseId }: { courseId: string }) {
  const [params, setParams] = useState<GridParams>({
    page: 1,
    pageSize: PROGRESS_GRID.defaultPageSize,
    sort: 'name',
    order: 'asc',
  });
  const query = useProgressGrid(courseId, params);
  const download = useDownloadProgressCsv(courseId);
  const timeZone = useTimeZone();

  const onSort = (sort: ProgressGridSort) =>
    setParams((current) => ({
      ...current,
      page: 1,
      sort,
      // A new column starts in its natural order: names A→Z, most progress and latest activity first.
      order: current.sort === sort ? (current.order === 'asc' ? 'desc' : 'asc') : sort === 'name' ? 'asc' : 'desc',
    }));

  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the progress grid">
        <Skeleton h={36} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="The progress grid could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }

  const grid = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="xs">
          <IconUsers size={18} aria-hidden />
          <Text fw={600}>
            {grid.total === 1 ? '1 student' : `${formatCount(grid.total)} students`} ·{' '}
            {grid.columns.length === 1 ? '1 item' : `${grid.columns.length} items`}
          </Text>
          {query.isFetching ? <Loader size="xs" aria-label="Updating" /> : null}
        </Group>
        <Group gap="sm" wrap="wrap">
          <NativeSelect
            aria-label="Students per page"
            size="sm"
            value={String(params.pageSize)}
            onChange={(event) =>
              setParams((current) => ({ ...current, page: 1, pageSize: Number(event.currentTarget.value) }))
            }
            data={['25', '50', '100'].map((n) => ({ value: n, label: `${n} per page` }))}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            disabled={grid.total === 0}
            onClick={() =>
              download.mutate(
                { sort: params.sort, order: params.order },
                {
                  onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
                  onError: (error) => notifyError(toastMessageOf(error, 'The CSV could not be downloaded')),
                },
              )
            }
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <Legend />
      {grid.itemsTruncated ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          The grid shows the first {grid.columns.length} items; the CSV export has the same columns.
        </Alert>
      ) : null}
      {grid.total === 0 ? (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title="No students yet">
          When students enrol in this course, their progress through each lesson shows here.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={0} className={classes.scroller}>
          <Table className={classes.table} verticalSpacing="xs" highlightOnHover stickyHeader>
            <caption>
              <VisuallyHidden>
                Progress of the course&apos;s students, one row per student, one column per item
              </VisuallyHidden>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <SortHeader
                  label="Student"
                  sort="name"
                  params={params}
                  onSort={onSort}
                  className={classes.studentCell}
                />
                <SortHeader label="Progress" sort="progress" params={params} onSort={onSort} />
                <SortHeader label="Last activity" sort="lastActivity" params={params} onSort={onSort} />
                {grid.columns.map((item, index) => (
                  <Table.Th key={item.id} scope="col" className={classes.itemHead}>
                    <Tooltip label={`${item.sectionTitle}: ${item.title}`} withArrow>
                      <Text
                        span
                        fw={700}
                        size="sm"
                        tabIndex={0}
                        aria-label={`${index + 1}. ${item.sectionTitle}: ${item.title}`}
                      >
                        {index + 1}
                      </Text>
                    </Tooltip>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.items.map((row) => (
                <Table.Tr key={row.studentId}>
                  <Table.Th scope="row" className={classes.studentCell} fw={500}>
                    <Text size="sm" fw={600} truncate="end">
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {row.status === 'completed' ? 'Completed' : `${row.completedItems} of ${row.totalItems} done`}
                    </Text>
                  </Table.Th>
                  <Table.Td miw={120}>
                    <Group gap={8} wrap="nowrap">
                      <Progress
                        value={row.percent}
                        w={64}
                        size="sm"
                        color={row.status === 'completed' ? 'teal' : 'blue'}
                        aria-label={`${row.name}: ${row.percent}%`}
                      />
                      <Text size="sm" fw={600}>
                        {row.percent}%
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Text size="sm">{formatDate(row.lastActivityAt, timeZone)}</Text>
                  </Table.Td>
                  {row.states.map((state, index) => (
                    <Table.Td key={grid.columns[index]!.id} className={classes.cell}>
                      <Group justify="center">
                        <StateMark state={state} />
                      </Group>
                      <VisuallyHidden>{STATE_LABEL[state]}</VisuallyHidden>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination
        page={grid.page}
        pageSize={grid.pageSize}
        total={grid.total}
        onChange={(page) => setParams((current) => ({ ...current, page }))}
        label="Student pages"
      />
    </Stack>
  );
}
