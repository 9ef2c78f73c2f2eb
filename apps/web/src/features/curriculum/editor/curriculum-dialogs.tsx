import type { OutlineItem, OutlineSection } from '@lyceum/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { authoringApi, useAuthoring } from '../api/authoring';
import type { Dialog } from './editor-dialog';
import { curriculumEditorMessages as messages } from './messages';

export function DeleteDialog({ courseId, dialog, onClose }: { courseId: string; dialog: Dialog; onClose: () => void }) {
  const t = useIntl().formatMessage;
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
        notifySuccess(
          t(messages.deleted, { kind: section ? 'section' : 'lesson', title: section ? section.title : item!.title }),
        );
        onClose();
      },
      onError: (error) => notifyError(toastMessageOf(error, t(messages.deleteFailed))),
    });
  };
  return (
    <ConfirmModal
      opened={section !== null || item !== null}
      title={t(messages.deleteTitle, { kind: section ? 'section' : 'lesson' })}
      confirmLabel={t(section ? messages.deleteSection : messages.deleteLesson)}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {section
        ? t(messages.deleteSectionBody, { title: section.title, count: section.items.length })
        : item
          ? t(messages.deleteLessonBody, { title: item.title })
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
  const t = useIntl().formatMessage;
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
          notifySuccess(t(messages.movedTo, { title: dialog.item.title, section: to.title }));
          close();
        },
        onError: (error) => notifyError(toastMessageOf(error, t(messages.lessonMoveFailed))),
      },
    );
  };
  return (
    <Modal
      opened={dialog !== null}
      onClose={close}
      title={t(messages.moveToSection)}
      centered
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {dialog ? t(messages.goesToEnd, { title: dialog.item.title }) : null}
          </Text>
          <Select
            label={t(messages.section)}
            data={options}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t(messages.cancel)}
            </Button>
            <Button type="submit" disabled={!target} loading={move.isPending}>
              {t(messages.moveLesson)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
