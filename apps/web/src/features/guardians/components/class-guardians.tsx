import type { LinkedGuardian } from '@lyceum/contract';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useInviteGuardian, useStudentGuardians, useUnlinkGuardian } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

/** A student of the class, as the page hands them over from its roster. */
export interface GuardianRosterStudent {
  studentId: string;
  name: string;
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const inviteButtonId = (studentId: string) => `invite-guardian-${studentId}`;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invitation dialog: one e-mail field; on success a message, the dialog closes and focus goes back to the button. */
function InviteDialog({ student, onClose }: { student: GuardianRosterStudent; onClose: () => void }) {
  const intl = useIntl();
  const invite = useInviteGuardian(student.studentId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = () => {
    const address = email.trim();
    if (!EMAIL_SHAPE.test(address)) {
      setError(intl.formatMessage(m.emailInvalid));
      input.current?.focus();
      return;
    }
    invite.mutate(address, {
      onSuccess: () => {
        notifySuccess(intl.formatMessage(m.invitationSent, { email: address }));
        onClose();
      },
      onError: (failure) => {
        const message = toastMessageOf(failure, intl.formatMessage(m.inviteFailed));
        if (failure instanceof ApiError && failure.status === 400) {
          setError(message);
          input.current?.focus();
        } else notifyError(message);
      },
    });
  };

  return (
    <Modal
      opened
      onClose={invite.isPending ? () => {} : onClose}
      title={intl.formatMessage(m.inviteFor, { name: student.name })}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="md">
          <TextInput
            ref={input}
            data-autofocus
            type="email"
            dir="ltr"
            autoComplete="off"
            label={intl.formatMessage(m.email)}
            description={intl.formatMessage(m.inviteHint)}
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={invite.isPending}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={invite.isPending} leftSection={<IconMailForward size={18} aria-hidden />}>
              {intl.formatMessage(m.send)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A student's linked guardians, each with Unlink (after a confirmation; the link ends at once). */
function StudentGuardians({ student, readOnly }: { student: GuardianRosterStudent; readOnly: boolean }) {
  const intl = useIntl();
  const guardians = useStudentGuardians(student.studentId);
  const unlink = useUnlinkGuardian(student.studentId);
  const [confirming, setConfirming] = useState<LinkedGuardian | null>(null);
  const fullName = (g: LinkedGuardian) => `${g.firstname} ${g.lastname}`;

  if (guardians.isError)
    return <LoadError title={intl.formatMessage(m.guardiansFailed)} onRetry={() => void guardians.refetch()} />;
  if (!guardians.data) return <Skeleton height={20} width={160} radius="sm" />;
  const items = guardians.data.items;
  return (
    <>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.noGuardians)}
        </Text>
      ) : (
        <Stack component="ul" gap={6} style={LIST_STYLE}>
          {items.map((g) => (
            <Group component="li" key={g.id} gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                <bdi dir="auto">{fullName(g)}</bdi>
              </Text>
              <Text size="sm" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {g.email}
              </Text>
              {readOnly ? null : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  aria-label={intl.formatMessage(m.unlinkLabel, { guardian: fullName(g), student: student.name })}
                  onClick={() => setConfirming(g)}
                >
                  {intl.formatMessage(m.unlink)}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={intl.formatMessage(m.unlinkTitle, { guardian: confirming ? fullName(confirming) : '' })}
        confirmLabel={intl.formatMessage(m.unlink)}
        cancelLabel={intl.formatMessage(m.cancel)}
        danger
        loading={unlink.isPending}
        onClose={() => setConfirming(null)}
        // The Unlink button is gone with the link: focus goes to the student's Invite button.
        onExited={() => document.getElementById(inviteButtonId(student.studentId))?.focus()}
        onConfirm={() => {
          if (!confirming) return;
          const names = { guardian: fullName(confirming), student: student.name };
          unlink.mutate(confirming.id, {
            onSuccess: () => {
              notifySuccess(intl.formatMessage(m.unlinked, names));
              setConfirming(null);
            },
            onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(m.unlinkFailed))),
          });
        }}
      >
        {confirming
          ? intl.formatMessage(m.unlinkBody, { guardian: fullName(confirming), student: student.name })
          : null}
      </ConfirmModal>
    </>
  );
}

/**
 * A class's students and their guardians (issue 52): per student, who is linked (with Unlink) and "Invite a
 * guardian" by e-mail. The page hands over the roster; this feature never reads the classes' data itself.
 */
export function ClassGuardians({
  students,
  readOnly = false,
}: {
  students: GuardianRosterStudent[];
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const [inviting, setInviting] = useState<GuardianRosterStudent | null>(null);
  const closed = useRef<string | null>(null);
  useEffect(() => {
    if (inviting || !closed.current) return;
    document.getElementById(inviteButtonId(closed.current))?.focus();
    closed.current = null;
  }, [inviting]);

  return (
    <section aria-labelledby="class-guardians-heading">
      <Title order={2} fz="lg" id="class-guardians-heading" mb={4}>
        {intl.formatMessage(m.guardians)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(m.schoolIntro)}
      </Text>
      {students.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.noStudents)}</Text> : null}
      <Stack component="ul" gap="sm" style={LIST_STYLE}>
        {students.map((student) => (
          <Paper component="li" key={student.studentId} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={700}>
                  <bdi dir="auto">{student.name}</bdi>
                </Text>
                <StudentGuardians student={student} readOnly={readOnly} />
              </Stack>
              {readOnly ? null : (
                <Button
                  id={inviteButtonId(student.studentId)}
                  variant="light"
                  aria-label={intl.formatMessage(m.inviteFor, { name: student.name })}
                  onClick={() => setInviting(student)}
                >
                  {intl.formatMessage(m.invite)}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {inviting ? (
        <InviteDialog
          student={inviting}
          onClose={() => {
            closed.current = inviting.studentId;
            setInviting(null);
          }}
        />
      ) : null}
    </section>
  );
}
