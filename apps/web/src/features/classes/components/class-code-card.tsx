import type { TeacherClass } from '@lyceum/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconCheck, IconCopy, IconDoorOff, IconMaximize, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRotateCode, useUpdateClass } from '../api/class-mutations';
import { classesMessages as messages } from '../messages';

/** The code with a thin space in the middle, as it is read aloud: "ABC DEFG". */
function spaced(code: string) {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * The access code, the invite link, the projector view, rotation and the joining switch. A code that does not work
 * is not shown (issue 46.6): with joining off the card says so and offers to turn it on; an archived class shows
 * only that it is archived.
 */
export function ClassCodeCard({ cls }: { cls: TeacherClass }) {
  const t = useIntl().formatMessage;
  const [projecting, setProjecting] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const rotate = useRotateCode(cls.id);
  const update = useUpdateClass(cls.id);
  const link = `${window.location.origin}/join/${cls.code}`;
  // Where focus goes when the control the teacher used gives way to the other state's.
  const turnOnRef = useRef<HTMLButtonElement>(null);
  const switchRef = useRef<HTMLInputElement>(null);

  // The state the teacher asked for: once the class shows it, focus moves to its control.
  const focusWhen = useRef<boolean | null>(null);
  useEffect(() => {
    if (focusWhen.current !== cls.joiningOpen) return;
    focusWhen.current = null;
    (cls.joiningOpen ? switchRef.current : turnOnRef.current)?.focus();
  }, [cls.joiningOpen]);

  const setJoining = (joiningOpen: boolean) => {
    focusWhen.current = joiningOpen;
    update.mutate(
      { joiningOpen },
      {
        onError: (error) => {
          focusWhen.current = null;
          notifyError(toastMessageOf(error, t(messages.classChangeFailed)));
        },
      },
    );
  };

  const heading = (
    <Text fw={700} size="sm" tt="uppercase" c="dimmed">
      {t(messages.classCode)}
    </Text>
  );

  if (cls.archived) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {heading}
          <Alert color="gray" variant="light" title={t(messages.archived)} icon={<IconArchive aria-hidden />}>
            {t(messages.archivedCodeNote)}
          </Alert>
        </Stack>
      </Card>
    );
  }

  if (!cls.joiningOpen) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {heading}
          <Alert color="gray" variant="light" title={t(messages.joiningOff)} icon={<IconDoorOff aria-hidden />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t(messages.joiningOffNote)}</Text>
              <Button ref={turnOnRef} loading={update.isPending} onClick={() => setJoining(true)}>
                {t(messages.turnJoiningOn)}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        {heading}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text
            component="p"
            fz={{ base: 32, sm: 40 }}
            fw={800}
            ff="monospace"
            lts="0.12em"
            data-testid="class-code"
            aria-label={t(messages.classCodeSpelled, { code: cls.code.split('').join(' ') })}
          >
            {spaced(cls.code)}
          </Text>
          <Group gap="xs">
            <Button leftSection={<IconMaximize size={18} aria-hidden />} onClick={() => setProjecting(true)}>
              {t(messages.showFullScreen)}
            </Button>
            <Tooltip label={t(messages.rotateHint)}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t(messages.rotateCode)}
                onClick={() => setConfirmRotate(true)}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t(messages.inviteLink, { link })}
          </Text>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <ActionIcon
                variant="subtle"
                aria-label={t(messages.linkCopied, { copied: copied ? 'yes' : 'no' })}
                onClick={copy}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
        <Switch
          ref={switchRef}
          label={t(messages.canJoinWithCode)}
          checked={cls.joiningOpen}
          disabled={update.isPending}
          onChange={(event) => setJoining(event.currentTarget.checked)}
        />
      </Stack>
      <Modal
        opened={projecting}
        onClose={() => setProjecting(false)}
        fullScreen
        title={cls.name}
        closeButtonProps={{ 'aria-label': t(messages.closeFullScreen) }}
        attributes={{ header: { role: 'presentation' } }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
      >
        <Stack align="center" justify="center" gap="xl" mih="70vh" ta="center">
          <Title order={2} fz={{ base: 24, sm: 40 }}>
            {t(messages.joinAt, { address: `${window.location.host}/join` })}
          </Title>
          <Text
            fz={{ base: 56, sm: 140 }}
            fw={900}
            ff="monospace"
            lts="0.1em"
            lh={1}
            aria-label={t(messages.classCodeSpelled, { code: cls.code.split('').join(' ') })}
          >
            {spaced(cls.code)}
          </Text>
          <Text fz={{ base: 18, sm: 28 }} c="dimmed">
            {t(messages.codeLetters)}
          </Text>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirmRotate}
        title={t(messages.rotateQuestion)}
        confirmLabel={t(messages.rotateCode)}
        loading={rotate.isPending}
        onClose={() => setConfirmRotate(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              notifySuccess(t(messages.newCodeReady));
            },
            onError: (error) => notifyError(toastMessageOf(error, t(messages.rotateFailed))),
          })
        }
      >
        {t(messages.rotateBody)}
      </ConfirmModal>
    </Card>
  );
}
