import type { AtRiskClass, AtRiskReason, TeacherHome } from '@lyceum/contract';
import { AT_RISK_ABSENCE_DAYS } from '@lyceum/contract/constants';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useMessageStudents } from '../api/get-teacher-home';
import { teacherHomeMessages as messages } from '../messages';
import { AtRiskSettings } from './at-risk-settings';
import { HomePart, LIST_STYLE } from './home-lists';

/** One reason, as a sentence. */
function ReasonText({ reason }: { reason: AtRiskReason }) {
  const intl = useIntl();
  if (reason.kind === 'absences')
    return (
      <Text component="li" size="sm" c="red.9">
        {intl.formatMessage(messages.reasonAbsences, { count: reason.count, days: reason.days })}
      </Text>
    );
  const values =
    reason.kind === 'inactive'
      ? { kind: 'inactive', days: reason.days, never: reason.lastActiveAt === null ? 'yes' : 'no' }
      : reason.kind === 'missing'
        ? { kind: 'missing', count: reason.count }
        : reason.kind === 'grade'
          ? { kind: 'grade', percent: reason.percent, course: reason.courseTitle }
          : { kind: 'behind', percent: reason.percent, classPercent: reason.classPercent };
  return (
    <Text component="li" size="sm" c="red.9">
      {intl.formatMessage(messages.reason, values)}
    </Text>
  );
}

/** The one-click message to the class's students at risk: a notification to each (not posted to the stream). */
function MessageStudents({ cls }: { cls: AtRiskClass }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMessageStudents(cls.classId);
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  /** Focus goes back to the button once the form closes (the button is drawn again only then). */
  const restore = useRef(false);
  const count = cls.students.length;
  useEffect(() => {
    if (open) field.current?.focus();
    else if (restore.current) {
      restore.current = false;
      opener.current?.focus();
    }
  }, [open]);
  function close() {
    restore.current = true;
    setOpen(false);
    setError(null);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError(intl.formatMessage(messages.messageEmpty));
      return;
    }
    send.mutate(
      { studentIds: cls.students.map((s) => s.studentId), message: text.trim() },
      {
        onSuccess: (result) => {
          notifySuccess(intl.formatMessage(messages.messageSent, { count: result.sent }));
          close();
        },
        onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(messages.messageFailed))),
      },
    );
  }
  if (!open)
    return (
      <Button
        ref={opener}
        variant="light"
        size="sm"
        onClick={() => {
          setText(intl.formatMessage(messages.messageDefault, { className: cls.className }));
          setOpen(true);
        }}
      >
        {intl.formatMessage(messages.message, { count })}
      </Button>
    );
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(messages.message, { count })}>
      <Stack gap="xs">
        <Textarea
          ref={field}
          label={intl.formatMessage(messages.messageLabel)}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          minRows={3}
          maxLength={1000}
        />
        <Group gap="xs">
          <Button type="submit" size="sm" {...softDisabled(send.isPending)} aria-busy={send.isPending}>
            {intl.formatMessage(messages.messageSend)}
          </Button>
          <Button type="button" size="sm" variant="default" onClick={close}>
            {intl.formatMessage(messages.messageCancel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AtRiskClassCard({ cls }: { cls: AtRiskClass }) {
  const intl = useIntl();
  const headingId = `at-risk-${cls.classId}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm">
      <Title order={4} fz="md" id={headingId} mb="xs">
        <Anchor component={Link} to={cls.href} inherit>
          <bdi dir="auto">{cls.className}</bdi>
        </Anchor>
      </Title>
      <Stack component="ul" gap="sm" style={LIST_STYLE}>
        {cls.students.map((student) => (
          <li key={student.studentId}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              <bdi dir="auto">{student.name}</bdi>
            </Text>
            <Stack component="ul" gap={0} style={LIST_STYLE}>
              {student.reasons.map((reason) => (
                <ReasonText key={reason.kind} reason={reason} />
              ))}
            </Stack>
          </li>
        ))}
      </Stack>
      {cls.more > 0 ? (
        <Anchor component={Link} to={cls.href} size="sm" display="inline-block" mt="xs">
          {intl.formatMessage(messages.moreStudents, { count: cls.more })}
        </Anchor>
      ) : null}
      <Group mt="sm">
        <MessageStudents cls={cls} />
      </Group>
    </Paper>
  );
}

/** Students at risk, per class, each with the reasons; the rules (the thresholds) said above the list, and changed. */
export function AtRiskList({ atRisk }: { atRisk: TeacherHome['atRisk'] }) {
  const intl = useIntl();
  return (
    <HomePart id="at-risk" title={intl.formatMessage(messages.atRisk)}>
      <Text size="sm" c="dimmed" mb="xs">
        {intl.formatMessage(messages.atRiskRules, atRisk.thresholds)}{' '}
        {intl.formatMessage(messages.atRiskAbsenceRule, {
          absences: atRisk.thresholds.absences,
          days: AT_RISK_ABSENCE_DAYS,
        })}
      </Text>
      <AtRiskSettings thresholds={atRisk.thresholds} />
      {atRisk.classes.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(messages.atRiskNone)}</Text>
      ) : (
        <Stack gap="sm">
          {atRisk.classes.map((cls) => (
            <AtRiskClassCard key={cls.classId} cls={cls} />
          ))}
        </Stack>
      )}
    </HomePart>
  );
}
