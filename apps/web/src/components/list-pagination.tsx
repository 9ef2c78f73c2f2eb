import { Group, Pagination } from '@mantine/core';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Question pages". */
  label: string;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Page links under a paginated list; nothing when everything fits on one page. */
export function ListPagination({ page, pageSize, total, onChange, label }: ListPaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="xl">
      <Pagination
        value={Math.min(page, pages)}
        total={pages}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
