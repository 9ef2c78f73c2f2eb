import type { Assessment } from '@lyceum/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useReleaseAssessment } from '../api/attempt-log';
import { answersWarningOf } from '../answer-timing';
import { useIntl, type IntlShape, type MessageDescriptor } from '@/i18n/intl';
import { formatDateTime } from '../format';
import { assessmentsMessages as messages } from '../messages';

type Part = MessageDescriptor;

/** The parts of the release policy held for the teacher, and those a release shows before their own time. */
function partsOf(a: Assessment): { held: Part[]; early: Part[] } {
  const parts: [Part, string][] = [
    [messages.partScores, a.releaseScore],
    [messages.partAnswers, a.releaseAnswers],
    [messages.partFeedback, a.releaseFeedback],
  ];
  return {
    held: parts.filter(([, policy]) => policy === 'manual').map(([part]) => part),
    early: parts.filter(([, policy]) => policy !== 'manual' && policy !== 'immediately').map(([part]) => part),
  };
}

/** "scores, correct answers and feedback", by the language's own rule for lists. */
const listed = (intl: IntlShape, parts: Part[]) =>
  // English as the product has always written it ("a, b and c"); the pseudo-locale is English too.
  new Intl.ListFormat(intl.locale.startsWith('en') ? 'en-GB' : intl.locale, { type: 'conjunction' }).format(
    parts.map((part) => intl.formatMessage(part)),
  );

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
  const intl = useIntl();
  const t = intl.formatMessage;
  // The warning replaces the question in the open dialog: the reader is taken to it.
  useEffect(() => {
    if (opened && step === 'warning') warningRef.current?.focus();
  }, [opened, step]);
  const { held, early } = partsOf(assessment);
  if (held.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(messages.nothingHeld)}
      </Text>
    );
  const released = assessment.releasedAt !== null;
  const what = listed(intl, held);

  const send = (releasing: boolean, confirm = false) =>
    release.mutate(
      { released: releasing, confirm },
      {
        onSuccess: (saved) => {
          setOpened(false);
          notifySuccess(t(saved.releasedAt ? messages.gradesReleased : messages.releaseTakenBack));
        },
        onError: (error) => {
          const text = answersWarningOf(error);
          if (releasing && text) {
            setWarning(text);
            setStep('warning');
          } else notifyError(toastMessageOf(error, t(messages.releaseFailed)));
        },
      },
    );

  const dialog = {
    release: {
      title: t(messages.releaseTitle),
      body: (
        <Text>
          {t(messages.releaseBody, { title: assessment.title, what })}
          {early.length ? t(messages.releaseEarly, { what: listed(intl, early) }) : ''}
        </Text>
      ),
      confirm: t(messages.releaseGrades),
      cancel: t(messages.cancel),
      onConfirm: () => send(true),
    },
    'take-back': {
      title: t(messages.takeBackTitle),
      body: <Text>{t(messages.takeBackBody, { what })}</Text>,
      confirm: t(messages.takeBack),
      cancel: t(messages.cancel),
      onConfirm: () => send(false),
    },
    warning: {
      title: t(messages.warningTitle),
      body: (
        <div ref={warningRef} tabIndex={-1}>
          <Text>{warning}</Text>
          <Text mt="xs">{t(messages.warningWait)}</Text>
        </div>
      ),
      confirm: t(messages.releaseAnyway),
      cancel: t(messages.keepHeld),
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
          ? t(messages.releasedOn, { date: formatDateTime(assessment.releasedAt, timeZone), what })
          : t(messages.notReleasedNote, { what })}
      </Text>
      {released ? (
        <Button variant="default" onClick={() => open('take-back')}>
          {t(messages.takeBackRelease)}
        </Button>
      ) : (
        <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => open('release')}>
          {t(messages.releaseGrades)}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={release.isPending ? () => {} : () => setOpened(false)}
        title={dialog.title}
        centered
        closeButtonProps={{ 'aria-label': t(messages.close) }}
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
