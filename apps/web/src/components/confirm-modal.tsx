import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  /** The question asked, e.g. "Delete this answer?". */
  title: string;
  /** What happens if the user confirms. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirmed action is running: the confirm button spins and the modal stays open. */
  loading?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /**
   * Called once the modal has closed and left the page. With it, focus is not sent back to the opener: the caller
   * moves it, for when the confirmed action replaced the opener (archiving turns "Archive" into "Restore").
   */
  onExited?: () => void;
}

/** Asks before an action that cannot be undone; Cancel (or Escape) leaves everything as it was. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
  loading = false,
  danger = false,
  onExited,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={title}
      centered
      returnFocus={!onExited}
      onExitTransitionEnd={onExited}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's modal header is a <header>, which axe reads as a second page banner; the dialog is named by its title.
      attributes={{ header: { role: 'presentation' } }}
    >
      {children ? (
        <Text c="dimmed" component="div">
          {children}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
