import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface PostAction {
  /** The button's accessible name, naming the post ("Edit question: …"). */
  label: string;
  onClick: () => void;
}

export interface PostActionsProps {
  /** Left out when the viewer may not edit (only the author may). */
  edit?: PostAction;
  /** Left out when the viewer may not delete (the author and admins may). */
  remove?: PostAction;
  /** Buttons before Edit (the asker's Accept). */
  children?: ReactNode;
  mt?: number;
}

/** The Edit and Delete buttons under a question or an answer. */
export function PostActions({ edit, remove, children, mt }: PostActionsProps) {
  return (
    <Group gap="xs" mt={mt}>
      {children}
      {edit ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          aria-label={edit.label}
          onClick={edit.onClick}
        >
          Edit
        </Button>
      ) : null}
      {remove ? (
        <Button
          size="xs"
          variant="default"
          c="red.8"
          leftSection={<IconTrash size={16} aria-hidden />}
          aria-label={remove.label}
          onClick={remove.onClick}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  );
}
