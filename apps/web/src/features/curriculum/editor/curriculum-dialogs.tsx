import type { OutlineItem, OutlineSection } from '@lyceum/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { authoringApi, useAuthoring } from '../api/authoring';
import { type Dialog, quote } from './editor-dialog';

export function DeleteDialog({ courseId, dialog, onClose }: { courseId: string; dialog: Dialog; onClose: () => void }) {
  const remove = useAuthoring((target: { kind: 'section' | 'item'; id: string }) =>
    target.kind === 'section'
      ? authoringApi.deleteSection(courseId, target.id)
      : authoringApi.deleteItem(courseId, target.id),
  );
  const section = dialog?.kind === 'delete-section' ? dialog.section : null;
  const item = dialog?.kind === 'delete-item' ? dialog.item : null;
  const confirm = () => {
    const target = section
      ? { kind: 'section' as const, id: section.id }
      : item
        ? { kind: 'item' as const, id: item.id }
        : null;
    if (!target) return;
    remove.mutate(target, {
      onSuccess: () => {
        notifySuccess(section ? `Section ${quote(section.title)} deleted` : `Lesson ${quote(item!.title)} deleted`);
        onClose();
      },
      onError: (error) => notifyError(toastMessageOf(error, 'It could not be deleted')),
    });
  };
  return (
    <ConfirmModal
      opened={section !== null || item !== null}
      title={section ? 'Delete this section?' : 'Delete this lesson?'}
      confirmLabel={section ? 'Delete section' : 'Delete lesson'}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {section
        ? `${quote(section.title)} and its ${section.items.length} ${section.items.length === 1 ? 'lesson' : 'lessons'} will be deleted, with their attachments and the students' completions of them. This cannot be undone.`
        : item
          ? `${quote(item.title)} will be deleted, with its attachments and the students' completions of it. This cannot be undone.`
          : null}
    </ConfirmModal>
  );
}

export function MoveDialog({
  courseId,
  dialog,
  sections,
  onClose,
}: {
  courseId: string;
  dialog: { item: OutlineItem; from: OutlineSection } | null;
  sections: OutlineSection[];
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const move = useAuthoring((args: { itemId: string; sectionId: string; position: number }) =>
    authoringApi.moveItem(courseId, args.itemId, { sectionId: args.sectionId, position: args.position }),
  );
  const options = sections.filter((s) => s.id !== dialog?.from.id).map((s) => ({ value: s.id, label: s.title }));
  const close = () => {
    setTarget(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = sections.find((s) => s.id === target);
    if (!dialog || !to) return;
    move.mutate(
      { itemId: dialog.item.id, sectionId: to.id, position: to.items.length },
      {
        onSuccess: () => {
          notifySuccess(`${quote(dialog.item.title)} moved to ${quote(to.title)}`);
          close();
        },
        onError: (error) => notifyError(toastMessageOf(error, 'The lesson could not be moved')),
      },
    );
  };
  return (
    <Modal
      opened={dialog !== null}
      onClose={close}
      title="Move to another section"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {dialog ? `${quote(dialog.item.title)} goes to the end of the section you choose.` : null}
          </Text>
          <Select
            label="Section"
            data={options}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!target} loading={move.isPending}>
              Move lesson
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
