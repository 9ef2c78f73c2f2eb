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
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRotateCode, useUpdateClass } from '../api/class-mutations';

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
          notifyError(toastMessageOf(error, 'The class could not be changed'));
        },
      },
    );
  };

  const heading = (
    <Text fw={700} size="sm" tt="uppercase" c="dimmed">
      Class code
    </Text>
  );

  if (cls.archived) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {heading}
          <Alert color="gray" variant="light" title="Archived" icon={<IconArchive aria-hidden />}>
            The class code and invite link no longer work: nobody can join an archived class. Restore the class under
            Settings to let students join again.
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
          <Alert color="gray" variant="light" title="Joining is off" icon={<IconDoorOff aria-hidden />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Students cannot join with the code or the invite link, so neither is shown. Students already in the
                class stay.
              </Text>
              <Button ref={turnOnRef} loading={update.isPending} onClick={() => setJoining(true)}>
                Turn joining on
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
            aria-label={`Class code ${cls.code.split('').join(' ')}`}
          >
            {spaced(cls.code)}
          </Text>
          <Group gap="xs">
            <Button leftSection={<IconMaximize size={18} aria-hidden />} onClick={() => setProjecting(true)}>
              Show full screen
            </Button>
            <Tooltip label="Rotate the code: the old one stops working">
              <ActionIcon variant="default" size="lg" aria-label="Rotate code" onClick={() => setConfirmRotate(true)}>
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            Invite link: {link}
          </Text>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <ActionIcon variant="subtle" aria-label={copied ? 'Link copied' : 'Copy invite link'} onClick={copy}>
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
        <Switch
          ref={switchRef}
          label="Students can join with the code"
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
        closeButtonProps={{ 'aria-label': 'Close full screen' }}
        attributes={{ header: { role: 'presentation' } }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
      >
        <Stack align="center" justify="center" gap="xl" mih="70vh" ta="center">
          <Title order={2} fz={{ base: 24, sm: 40 }}>
            Join at {window.location.host}/join
          </Title>
          <Text
            fz={{ base: 56, sm: 140 }}
            fw={900}
            ff="monospace"
            lts="0.1em"
            lh={1}
            aria-label={`Class code ${cls.code.split('').join(' ')}`}
          >
            {spaced(cls.code)}
          </Text>
          <Text fz={{ base: 18, sm: 28 }} c="dimmed">
            Letters in any case · no 0, O, 1, I or L
          </Text>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirmRotate}
        title="Rotate the class code?"
        confirmLabel="Rotate code"
        loading={rotate.isPending}
        onClose={() => setConfirmRotate(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              notifySuccess('New class code ready');
            },
            onError: (error) => notifyError(toastMessageOf(error, 'The code could not be rotated')),
          })
        }
      >
        The current code and invite link stop working at once. Students already in the class stay.
      </ConfirmModal>
    </Card>
  );
}
