import type {
  ATTENDANCE_LIMITS,
  ATTENDANCE_STATUSES,
  AttendanceSheet as Sheet,
  AttendanceStatus,
} from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title, useDirection } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { displayTimeZone } from '@/lib/time-zone';
import { useHistory, useSaveSheet, useSheet } from '../api/attendance';
import { attendanceMessages as m } from '../messages';

/** One key per status on the focused row. */
const STATUS_KEYS: Record<string, AttendanceStatus> = { p: 'present', l: 'late', a: 'absent', e: 'excused' };
/* The contract's run-time values stay out of the page (ADR 013); the types check that these copies match them. */
const STATUSES = ['present', 'late', 'absent', 'excused'] as const satisfies typeof ATTENDANCE_STATUSES;
const NOTE_MAX: (typeof ATTENDANCE_LIMITS)['note'] = 500;
const SHEET_ROWS: (typeof ATTENDANCE_LIMITS)['sheetRows'] = 2000;
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface Row {
  studentId: string;
  name: string;
  status: AttendanceStatus;
  note: string;
}

export function useStatusLabel() {
  const intl = useIntl();
  return (status: AttendanceStatus | null) => intl.formatMessage(status ? m[status] : m.unmarked);
}

/** Every change of the sheet, newest first (the server's first page of 200). */
function SheetHistory({ sessionId }: { sessionId: string }) {
  const intl = useIntl();
  const label = useStatusLabel();
  const history = useHistory(sessionId);
  return (
    <Stack gap="xs" component="section" aria-labelledby={`history-${sessionId}`}>
      <Title order={3} fz="md" id={`history-${sessionId}`}>
        {intl.formatMessage(m.historyTitle)}
      </Title>
      {history.isError ? (
        <LoadError title={intl.formatMessage(m.historyFailed)} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Skeleton height={40} />
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.noHistory)}</Text>
      ) : (
        <ul style={LIST_STYLE} aria-labelledby={`history-${sessionId}`}>
          {history.data.items.map((change) => {
            const student = <bdi key="student">{change.studentName}</bdi>;
            const when = formatDateTime(change.changedAt, { style: 'full', timeZone: displayTimeZone() });
            return (
              <li key={change.id}>
                <Text size="sm">
                  {change.oldStatus
                    ? intl.formatMessage(m.change, {
                        student,
                        from: label(change.oldStatus),
                        to: label(change.newStatus),
                      })
                    : intl.formatMessage(m.firstMark, { student, to: label(change.newStatus) })}
                  {change.newNote ? ` · ${change.newNote}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {intl.formatMessage(m.changedBy, {
                    name: <bdi key="name">{change.changedBy?.name ?? '—'}</bdi>,
                    when,
                  })}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}

/**
 * A session's sheet: the roster with Present pre-set for anyone unmarked, one radio group per row (P, L, A, E on the
 * focused row set its status and move on; arrows move between rows), a note per row, saved whole in one request.
 */
export function AttendanceSheet({
  classId,
  sessionId,
  readOnly,
  onBack,
}: {
  classId: string;
  sessionId: string;
  readOnly: boolean;
  onBack: () => void;
}) {
  const intl = useIntl();
  const sheet = useSheet(sessionId);
  if (sheet.isError)
    return <LoadError title={intl.formatMessage(m.sheetFailed)} onRetry={() => void sheet.refetch()} />;
  if (!sheet.data) return <Skeleton height={120} />;
  return (
    <SheetForm
      key={sessionId}
      classId={classId}
      sessionId={sessionId}
      sheet={sheet.data}
      readOnly={readOnly}
      onBack={onBack}
    />
  );
}

function SheetForm({
  classId,
  sessionId,
  sheet,
  readOnly,
  onBack,
}: {
  classId: string;
  sessionId: string;
  sheet: Sheet;
  readOnly: boolean;
  onBack: () => void;
}) {
  const intl = useIntl();
  const { dir } = useDirection();
  const save = useSaveSheet(classId, sessionId);
  const [rows, setRows] = useState<Row[]>(() =>
    sheet.rows.map((row) => ({
      studentId: row.studentId,
      name: `${row.firstname} ${row.lastname}`.trim() || row.username,
      status: row.status ?? 'present',
      note: row.note,
    })),
  );
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const groups = useRef<(HTMLDivElement | null)[]>([]);
  const savedRef = useRef<HTMLParagraphElement>(null);
  /** The row whose checked radio takes focus once the new statuses have rendered. */
  const pendingFocus = useRef<number | null>(null);

  const focusRow = (index: number) =>
    groups.current[index]?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();

  useEffect(() => {
    if (pendingFocus.current === null) return;
    focusRow(pendingFocus.current);
    pendingFocus.current = null;
  }, [rows]);

  /** Opening a sheet replaces the list the Open button was in: focus goes to the sheet's heading, once. */
  const arrived = useRef(false);
  const focusOnArrival = (heading: HTMLHeadingElement | null) => {
    if (!heading || arrived.current) return;
    arrived.current = true;
    heading.focus();
  };

  useEffect(() => {
    if (savedCount !== null) savedRef.current?.focus();
  }, [savedCount]);

  const when = formatDateTime(sheet.session.startsAt, { style: 'full', timeZone: displayTimeZone() });

  const setRow = (index: number, patch: Partial<Row>) => {
    setSavedCount(null);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };

  const onRowKey = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const status = STATUS_KEYS[key];
    const row = rows[index];
    if (status && row) {
      event.preventDefault();
      if (readOnly) return;
      pendingFocus.current = Math.min(index + 1, rows.length - 1);
      setRow(index, { status });
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= 0 && next < rows.length) focusRow(next);
      return;
    }
    if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && row && !readOnly) {
      event.preventDefault();
      const forward = (event.key === 'ArrowRight') === (dir !== 'rtl');
      const at = STATUSES.indexOf(row.status);
      const count = STATUSES.length;
      pendingFocus.current = index;
      setRow(index, { status: STATUSES[(at + (forward ? 1 : count - 1)) % count] });
    }
  };

  const submit = () => {
    save.mutate(
      { records: rows.map((row) => ({ studentId: row.studentId, status: row.status, note: row.note.trim() })) },
      {
        onSuccess: () => setSavedCount(rows.length),
        onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(m.saveFailed))),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg" tabIndex={-1} ref={focusOnArrival}>
          {intl.formatMessage(m.sheetTitle, { when })}
        </Title>
        <Button variant="subtle" onClick={onBack}>
          {intl.formatMessage(m.backToSessions)}
        </Button>
      </Group>
      {readOnly ? (
        <Alert color="gray">{intl.formatMessage(m.readOnly)}</Alert>
      ) : (
        <Text size="sm" c="dimmed" id={`keys-${sessionId}`}>
          {intl.formatMessage(m.keysHint)}
        </Text>
      )}
      {sheet.truncated && <Alert color="yellow">{intl.formatMessage(m.truncated, { count: SHEET_ROWS })}</Alert>}
      {rows.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.emptyRoster)}</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) submit();
          }}
        >
          <Stack gap="xs">
            {rows.map((row, index) => (
              <Paper key={row.studentId} withBorder p="xs">
                <Group gap="sm" wrap="wrap" align="center">
                  <Text fw={500} style={{ minInlineSize: '12rem' }} dir="auto">
                    {row.name}
                  </Text>
                  <div
                    role="radiogroup"
                    aria-label={intl.formatMessage(m.statusOf, { name: row.name })}
                    aria-describedby={readOnly ? undefined : `keys-${sessionId}`}
                    ref={(element) => {
                      groups.current[index] = element;
                    }}
                    onKeyDown={onRowKey(index)}
                    style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', flexWrap: 'wrap' }}
                  >
                    {STATUSES.map((status) => {
                      const checked = row.status === status;
                      return (
                        <Button
                          key={status}
                          size="xs"
                          type="button"
                          role="radio"
                          aria-checked={checked}
                          aria-disabled={readOnly || undefined}
                          tabIndex={checked ? 0 : -1}
                          variant={checked ? 'filled' : 'default'}
                          onClick={() => {
                            if (!readOnly) setRow(index, { status });
                          }}
                        >
                          {intl.formatMessage(m[status])}
                        </Button>
                      );
                    })}
                  </div>
                  <TextInput
                    size="xs"
                    style={{ flex: 1, minInlineSize: '10rem' }}
                    aria-label={intl.formatMessage(m.noteFor, { name: row.name })}
                    placeholder={intl.formatMessage(m.note)}
                    maxLength={NOTE_MAX}
                    value={row.note}
                    readOnly={readOnly}
                    onChange={(event) => setRow(index, { note: event.currentTarget.value })}
                  />
                </Group>
              </Paper>
            ))}
            {!readOnly && (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {intl.formatMessage(m.save)}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
      {savedCount !== null && (
        <Text ref={savedRef} tabIndex={-1} role="status" c="teal.9" fw={500}>
          {intl.formatMessage(m.saved, { count: savedCount })}
        </Text>
      )}
      <SheetHistory sessionId={sessionId} />
    </Stack>
  );
}
