import { ActionIcon, Button, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import { newItemId } from './types';

export interface RowListEditorProps<Row extends { id: string }> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** The inputs of one row (each `style={{ flex: 1 }}`); `change` updates this row. */
  renderFields: (row: Row, index: number, change: (fields: Partial<Row>) => void) => ReactNode;
  /** How the buttons name row `index`, e.g. "item 2" (→ "Remove item 2"), in the page's language. */
  rowName: (index: number) => string;
  /** A new, empty row with this id. */
  newRow: (id: string) => Row;
  addLabel: string;
  /** Up and down buttons on each row. */
  reorderable?: boolean;
  /** Rows that stay: their remove buttons are disabled. */
  minRows?: number;
}

/** The rows of a question's editor (matching pairs, ordering items): their inputs, remove, and "Add …" below. */
export function RowListEditor<Row extends { id: string }>({
  rows,
  onChange,
  renderFields,
  rowName,
  newRow,
  addLabel,
  reorderable = false,
  minRows = 2,
}: RowListEditorProps<Row>) {
  const t = useIntl().formatMessage;
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    onChange(next);
  };
  return (
    <>
      {rows.map((row, index) => (
        <Group key={row.id} gap="xs" wrap="nowrap" align="flex-end">
          {renderFields(row, index, (fields) => onChange(rows.map((r) => (r.id === row.id ? { ...r, ...fields } : r))))}
          {reorderable ? (
            <>
              <ActionIcon
                variant="subtle"
                size="lg"
                mb={2}
                aria-label={t(messages.rowMoveUp, { row: rowName(index) })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="lg"
                mb={2}
                aria-label={t(messages.rowMoveDown, { row: rowName(index) })}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t(messages.rowRemove, { row: rowName(index) })}
            disabled={rows.length <= minRows}
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...rows, newRow(newItemId())])}
      >
        {addLabel}
      </Button>
    </>
  );
}
