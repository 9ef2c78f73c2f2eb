import type { SortOrder } from '@lyceum/contract';
import { Group, Table, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import classes from './sortable-header.module.css';

export interface SortableHeaderProps {
  label: string;
  /** The column's order when it is the sorted one; null when the table is sorted by another column. */
  order: SortOrder | null;
  onSort: () => void;
  /** Hidden on narrower screens. */
  visibleFrom?: MantineBreakpoint;
  /** The column is as narrow as its header and cells allow (the others share the rest). */
  shrink?: boolean;
}

/**
 * A column header that sorts the table: a button inside the `th` (so it is reachable by keyboard), and
 * `aria-sort` on the `th` of the sorted column, as the ARIA sortable-table pattern has it.
 */
export function SortableHeader({ label, order, onSort, visibleFrom, shrink = false }: SortableHeaderProps) {
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      scope="col"
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
      className={classes.th}
      w={shrink ? '1%' : undefined}
      visibleFrom={visibleFrom}
    >
      <UnstyledButton onClick={onSort} className={classes.button} data-active={order !== null || undefined}>
        <Group gap={6} wrap="nowrap">
          {label}
          <Icon size={16} stroke={1.8} aria-hidden className={classes.icon} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
