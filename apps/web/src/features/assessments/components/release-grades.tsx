import type { Assessment } from '@lyceum/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useReleaseAssessment } from '../api/attempt-log';
import { answersWarningOf } from '../answer-timing';
import { formatDateTime } from '../format';

type Part = 'scores' | 'correct answers' | 'feedback';

/** The parts of the release policy held for the teacher, and those a release shows before their own time. */
function partsOf(a: Assessment): { held: Part[]; early: Part[] } {
  const parts: [Part, string][] = [
    ['scores', a.releaseScore],
    ['correct answers', a.releaseAnswers],
    ['feedback', a.releaseFeedback],
  ];
  return {
    held: parts.filter(([, policy]) => policy === 'manual').map(([part]) => part),
    early: parts.filter(([, policy]) => policy !== 'manual' && policy !== 'immediately').map(([part]) => part),
  };
}

const listed = (parts: string[]) => parts.join(', ').replace(/, ([^,]*)$/, ' and $1');

/**
 * "Release grades" with a confirmation; once released, the date and a way to take the release back. A release
 * that would show the correct answers to students who may still start another attempt is refused by the server
 * with how many (ADR 046): the dialog then says so and asks again before releasing anyway.
 */
export function ReleaseGrades({ assessment, courseId }: { assessment: Assessment; courseId: string }) {
  const release = useReleaseAssessment(courseId, assessment.id);
  const [opened, setOpened] = useState(false);
  // Kept after closing, so that the dialog keeps its words while it fades out.
  const [step, setStep] = useState<'release' | 'take-back' | 'warning'>('release');
  const [warning, setWarning] = useState('');
  const warningRef = useRef<HTMLDivElement>(null);
  const timeZone = useTimeZone();
  // The warning replaces the question in the open dialog: the reader is taken to it.
  useEffect(() => {
    if (opened && step === 'warning') warningRef.current?.focus();
  }, [opened, step]);
  const { held, early } = partsOf(assessment);
  if (held.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing is held back for you to release: students see their results as the release settings say.
      </Text>
    );
  const released = assessment.releasedAt !== null;
  const what = listed(held);

  const send = (releasing: boolean, confirm = false) =>
    release.mutate(
      { released: releasing, confirm },
      {
        onSuccess: (saved) => {
          setOpened(false);
          notifySuccess(saved.releasedAt ? 'Grades released' : 'Release taken back');
        },
        onError: (error) => {
          const text = answersWarningOf(error);
          if (releasing && text) {
            setWarning(text);
            setStep('warning');
          } else notifyError(toastMessageOf(error, 'The release could not be saved'));
        },
      },
    );

  const dialog = {
    release: {
      title: 'Release grades to students?',
      body: (
        <Text>
          Every student who took “{assessment.title}” will see their {what}, including attempts submitted later.
          {early.length
            ? ` Their ${listed(early)} are shown now too, without waiting for the time the settings set.`
            : ''}
        </Text>
      ),
      confirm: 'Release grades',
      cancel: 'Cancel',
      onConfirm: () => send(true),
    },
    'take-back': {
      title: 'Take back the release?',
      body: <Text>Students will no longer see their {what} until you release them again.</Text>,
      confirm: 'Take back',
      cancel: 'Cancel',
      onConfirm: () => send(false),
    },
    warning: {
      title: 'Students could use the correct answers',
      body: (
        <div ref={warningRef} tabIndex={-1}>
          <Text>{warning}</Text>
          <Text mt="xs">
            To wait, keep them held back: students see the correct answers once their attempts are used up or the
            assessment closes, as the settings say.
          </Text>
        </div>
      ),
      confirm: 'Release anyway',
      cancel: 'Keep them held back',
      onConfirm: () => send(true, true),
    },
  }[step];
  const open = (next: 'release' | 'take-back') => {
    setStep(next);
    setOpened(true);
  };

  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm">
        {released
          ? `Released ${formatDateTime(assessment.releasedAt, timeZone)}: students see their ${what}.`
          : `Students do not see their ${what} until you release them.`}
      </Text>
      {released ? (
        <Button variant="default" onClick={() => open('take-back')}>
          Take back the release
        </Button>
      ) : (
        <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => open('release')}>
          Release grades
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={release.isPending ? () => {} : () => setOpened(false)}
        title={dialog.title}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        // Mantine's modal header is a <header>, which axe reads as a second page banner; the dialog is named by its title.
        attributes={{ header: { role: 'presentation' } }}
      >
        <Text c="dimmed" component="div">
          {dialog.body}
        </Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setOpened(false)} disabled={release.isPending}>
            {dialog.cancel}
          </Button>
          <Button
            color={step === 'release' ? undefined : 'red.9'}
            onClick={dialog.onConfirm}
            loading={release.isPending}
            data-autofocus={step === 'warning' ? undefined : true}
          >
            {dialog.confirm}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
