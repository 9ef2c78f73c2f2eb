import type { AttendanceSession } from '@lyceum/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteSession, useEditSession } from '../api/attendance';
import { attendanceMessages as m } from '../messages';

/**
 * A session's own actions in the list (ADR 070): change its date or time (its sheet and history follow), and delete
 * it while its attendance was never taken (a taken session is kept: the server refuses, so no button is shown).
 */
export function SessionActions({
  classId,
  session,
  when,
}: {
  classId: string;
  session: AttendanceSession;
  when: string;
}) {
  const intl = useIntl();
  const edit = useEditSession(classId);
  const remove = useDeleteSession(classId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [date, setDate] = useState(session.date);
  const [time, setTime] = useState(session.startTime);
  const [error, setError] = useState<string | null>(null);
  const titleId = `edit-session-${session.id}`;

  const open = () => {
    setDate(session.date);
    setTime(session.startTime);
    setError(null);
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return setError(intl.formatMessage(m.required));
    setError(null);
    edit.mutate(
      { sessionId: session.id, date, startTime: time },
      {
        onSuccess: () => {
          notifySuccess(intl.formatMessage(m.sessionMoved));
          setEditing(false);
        },
        onError: (failure) => setError(toastMessageOf(failure, intl.formatMessage(m.editFailed))),
      },
    );
  };
  const confirmDelete = () =>
    remove.mutate(session.id, {
      onSuccess: () => {
        notifySuccess(intl.formatMessage(m.sessionDeleted));
        setDeleting(false);
      },
      onError: (failure) => {
        setDeleting(false);
        notifyError(toastMessageOf(failure, intl.formatMessage(m.deleteFailed)));
      },
    });

  return (
    <>
      <Button size="xs" variant="default" aria-label={intl.formatMessage(m.editSession, { when })} onClick={open}>
        {intl.formatMessage(m.edit)}
      </Button>
      {!session.taken && (
        <Button
          size="xs"
          variant="default"
          color="red.9"
          aria-label={intl.formatMessage(m.deleteSession, { when })}
          onClick={() => setDeleting(true)}
        >
          {intl.formatMessage(m.delete)}
        </Button>
      )}
      <Modal
        opened={editing}
        onClose={edit.isPending ? () => {} : () => setEditing(false)}
        title={intl.formatMessage(m.editTitle)}
        centered
        closeButtonProps={{ 'aria-label': intl.formatMessage(m.cancel) }}
        attributes={{ header: { role: 'presentation' } }}
      >
        <Stack component="form" onSubmit={submit} aria-labelledby={titleId} gap="sm">
          <span id={titleId} hidden>
            {intl.formatMessage(m.editSession, { when })}
          </span>
          <TextInput
            type="date"
            label={intl.formatMessage(m.date)}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            type="time"
            label={intl.formatMessage(m.time)}
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            error={error ?? undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEditing(false)} disabled={edit.isPending}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {intl.formatMessage(m.saveChange)}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={deleting}
        title={intl.formatMessage(m.deleteTitle)}
        confirmLabel={intl.formatMessage(m.confirmDelete)}
        cancelLabel={intl.formatMessage(m.cancel)}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
        loading={remove.isPending}
        danger
      >
        {intl.formatMessage(m.deleteText, { when })}
      </ConfirmModal>
    </>
  );
}
