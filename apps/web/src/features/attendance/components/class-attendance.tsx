import type { AttendanceSession } from '@lyceum/contract';
import { dayInZone, formatDateTime, formatWeekday } from '@lyceum/contract/constants';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { displayTimeZone } from '@/lib/time-zone';
import { downloadReportCsv, useAddSchedule, useAddSession, useReport, useSessions } from '../api/attendance';
import { attendanceMessages as m } from '../messages';
import { AttendanceSheet } from './attendance-sheet';
import { SessionActions } from './session-actions';

const PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The sessions listed: the last 300 days and the next 60 (the server takes at most 366 days and 500 sessions). */
const PAST_DAYS = 300;
const FUTURE_DAYS = 60;

/** "YYYY-MM-DD" moved by `days` (calendar arithmetic on the date alone). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function today(): string {
  return dayInZone(new Date(), displayTimeZone());
}

const sessionWhen = (session: AttendanceSession) =>
  formatDateTime(session.startsAt, { style: 'full', timeZone: displayTimeZone() });

/** The frame of the two forms that add sessions: a titled form, its fields in a row, its button, its error. */
function AddForm({
  id,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-labelledby={id}>
      <Title order={3} fz="md" id={id} mb="xs">
        {title}
      </Title>
      <Group align="end" wrap="wrap">
        {children}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

/** A session by hand: a date and a time in the teacher's zone. */
function AddSessionForm({ classId }: { classId: string }) {
  const intl = useIntl();
  const add = useAddSession(classId);
  const [date, setDate] = useState(today);
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return setError(intl.formatMessage(m.required));
    setError(null);
    add.mutate(
      { date, startTime: time },
      {
        onSuccess: () => notifySuccess(intl.formatMessage(m.sessionAdded)),
        onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(m.addFailed))),
      },
    );
  };
  return (
    <AddForm
      id={`add-session-${classId}`}
      title={intl.formatMessage(m.addSessionTitle)}
      submitLabel={intl.formatMessage(m.addSession)}
      pending={add.isPending}
      error={error}
      onSubmit={submit}
    >
      <TextInput
        type="date"
        label={intl.formatMessage(m.date)}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
      <TextInput
        type="time"
        label={intl.formatMessage(m.time)}
        value={time}
        onChange={(e) => setTime(e.currentTarget.value)}
      />
    </AddForm>
  );
}

/** A weekly schedule: a weekday, a time, first and last dates; its sessions are created at once. */
function ScheduleForm({ classId }: { classId: string }) {
  const intl = useIntl();
  const add = useAddSchedule(classId);
  const [weekday, setWeekday] = useState('1');
  const [time, setTime] = useState('09:00');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(() => addDays(today(), 90));
  const [error, setError] = useState<string | null>(null);
  // 1 January 2024 was a Monday: ISO weekday n is that date + n − 1, named in the page's language.
  const weekdays = useMemo(
    () =>
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        value: String(n),
        label: formatWeekday(Date.UTC(2024, 0, n), { width: 'long', timeZone: 'UTC' }),
      })),
    [],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!time || !from || !to) return setError(intl.formatMessage(m.required));
    if (to < from) return setError(intl.formatMessage(m.badRange));
    setError(null);
    add.mutate(
      { weekday: Number(weekday), startTime: time, from, to },
      {
        onSuccess: (schedule) =>
          notifySuccess(intl.formatMessage(m.scheduleAdded, { count: schedule.sessions.length })),
        onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(m.scheduleFailed))),
      },
    );
  };
  return (
    <AddForm
      id={`schedule-${classId}`}
      title={intl.formatMessage(m.scheduleTitle)}
      submitLabel={intl.formatMessage(m.addSchedule)}
      pending={add.isPending}
      error={error}
      onSubmit={submit}
    >
      <NativeSelect
        label={intl.formatMessage(m.weekday)}
        data={weekdays}
        value={weekday}
        onChange={(e) => setWeekday(e.currentTarget.value)}
      />
      <TextInput
        type="time"
        label={intl.formatMessage(m.time)}
        value={time}
        onChange={(e) => setTime(e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={intl.formatMessage(m.from)}
        value={from}
        onChange={(e) => setFrom(e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={intl.formatMessage(m.to)}
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
      />
    </AddForm>
  );
}

/** The class's sessions, newest first, a page at a time. */
function SessionList({
  classId,
  readOnly,
  onOpen,
}: {
  classId: string;
  readOnly: boolean;
  onOpen: (sessionId: string) => void;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [range] = useState(() => ({ from: addDays(today(), -PAST_DAYS), to: addDays(today(), FUTURE_DAYS) }));
  const sessions = useSessions(classId, range.from, range.to);
  const newestFirst = useMemo(() => [...(sessions.data?.items ?? [])].reverse(), [sessions.data]);
  if (sessions.isError)
    return <LoadError title={intl.formatMessage(m.sessionsFailed)} onRetry={() => void sessions.refetch()} />;
  if (!sessions.data) return <Skeleton height={80} />;
  if (newestFirst.length === 0) return <Text c="dimmed">{intl.formatMessage(m.noSessions)}</Text>;
  const shown = newestFirst.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="xs">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((session) => {
          const when = sessionWhen(session);
          return (
            <li key={session.id}>
              <Group justify="space-between" py={4} wrap="nowrap">
                <Group gap="sm">
                  <Text>{when}</Text>
                  <Badge color={session.taken ? 'green' : 'gray'} variant="light">
                    {intl.formatMessage(session.taken ? m.taken : m.notTaken)}
                  </Badge>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={intl.formatMessage(m.openSession, { when })}
                    onClick={() => onOpen(session.id)}
                  >
                    {intl.formatMessage(m.open)}
                  </Button>
                  {!readOnly && <SessionActions classId={classId} session={session} when={when} />}
                </Group>
              </Group>
            </li>
          );
        })}
      </ul>
      <ListPagination
        page={page}
        pageSize={PAGE_SIZE}
        total={newestFirst.length}
        onChange={setPage}
        label={intl.formatMessage(m.sessionPages)}
      />
    </Stack>
  );
}

/** Per student over a date range: rate, absences and lates, the class's totals, and the same as a CSV file. */
function ReportPanel({ classId }: { classId: string }) {
  const intl = useIntl();
  const [from, setFrom] = useState(() => addDays(today(), -29));
  const [to, setTo] = useState(today);
  const [applied, setApplied] = useState({ from, to });
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const report = useReport(classId, applied.from, applied.to, true);
  const rate = (value: number | null) =>
    value === null ? intl.formatMessage(m.noRate) : intl.formatMessage(m.ratePercent, { rate: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError(intl.formatMessage(m.required));
    if (to < from) return setError(intl.formatMessage(m.badRange));
    setError(null);
    setApplied({ from, to });
  };
  const download = () => {
    setDownloading(true);
    downloadReportCsv(classId, applied.from, applied.to)
      .catch((failure: unknown) => notifyError(toastMessageOf(failure, intl.formatMessage(m.downloadFailed))))
      .finally(() => setDownloading(false));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`report-${classId}`}>
      <Title order={3} fz="md" id={`report-${classId}`} mb="xs">
        {intl.formatMessage(m.reportTitle)}
      </Title>
      <Group align="end" wrap="wrap" component="form" onSubmit={submit}>
        <TextInput
          type="date"
          label={intl.formatMessage(m.from)}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={intl.formatMessage(m.to)}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button type="submit" variant="light">
          {intl.formatMessage(m.showReport)}
        </Button>
        <Button variant="default" onClick={download} loading={downloading}>
          {intl.formatMessage(m.downloadCsv)}
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
      {report.isError ? (
        <LoadError title={intl.formatMessage(m.reportFailed)} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Skeleton height={80} mt="sm" />
      ) : (
        <Stack gap="xs" mt="sm">
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.reportSessions, { count: report.data.sessions })}
          </Text>
          <Table.ScrollContainer minWidth={0}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage(m.student)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.rate)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.absences)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.lates)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.students.map((student) => (
                  <Table.Tr key={student.studentId}>
                    <Table.Td dir="auto">
                      {`${student.firstname} ${student.lastname}`.trim() || student.username}
                    </Table.Td>
                    <Table.Td>{rate(student.rate)}</Table.Td>
                    <Table.Td>{student.absent}</Table.Td>
                    <Table.Td>{student.late}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{intl.formatMessage(m.classTotal)}</Table.Th>
                  <Table.Td>{rate(report.data.totals.rate)}</Table.Td>
                  <Table.Td>{report.data.totals.absent}</Table.Td>
                  <Table.Td>{report.data.totals.late}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {report.data.truncated && (
            <Alert color="yellow">{intl.formatMessage(m.truncated, { count: report.data.students.length })}</Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The class page's Attendance tab (issue 52 point 2, ADR 063): sessions, a session's sheet and history, the report. */
export function ClassAttendance({ classId, readOnly }: { classId: string; readOnly: boolean }) {
  const intl = useIntl();
  const [openSession, setOpenSession] = useState<string | null>(null);
  /** Back from a sheet, focus goes to the list of sessions it was opened from. */
  const [returned, setReturned] = useState(false);
  const sessionsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (returned && !openSession) sessionsHeading.current?.focus();
  }, [returned, openSession]);
  if (openSession)
    return (
      <AttendanceSheet
        classId={classId}
        sessionId={openSession}
        readOnly={readOnly}
        onBack={() => {
          setReturned(true);
          setOpenSession(null);
        }}
      />
    );
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby={`sessions-${classId}`}>
        <Title order={2} fz="lg" id={`sessions-${classId}`} tabIndex={-1} ref={sessionsHeading}>
          {intl.formatMessage(m.sessionsTitle)}
        </Title>
        <SessionList classId={classId} readOnly={readOnly} onOpen={setOpenSession} />
        {!readOnly && (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.takenKept)}
          </Text>
        )}
      </Stack>
      {!readOnly && (
        <>
          <AddSessionForm classId={classId} />
          <ScheduleForm classId={classId} />
        </>
      )}
      <ReportPanel classId={classId} />
    </Stack>
  );
}
