import type { Announcement, ClassGrade, StudentAttendance } from '@lyceum/contract';
import { dayInZone, formatDate, formatDateTime } from '@lyceum/contract/constants';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { useIntl } from '@/i18n/intl';
import { useTimeZone } from '@/lib/use-time-zone';
import { useChildAnnouncements, useChildAttendance, useChildGrades } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

/* The rest of a guardian's child page (issue 52, ADR 070): released grades, attendance, class announcements. */

type ChildClass = { id: string; name: string };
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
/** The attendance shown: the last 90 days, today included, in the guardian's zone. */
export const ATTENDANCE_DAYS = 90;
/** The absences listed by date (the newest). */
const RECENT_ABSENCES = 5;
const DAY_MS = 86_400_000;

/** A class's heading inside a section; its region is named by both ("Released grades Algebra P3"): one name per landmark. */
function ClassHeading({ cls, part }: { cls: ChildClass; part: string }) {
  return (
    <Title order={3} fz="lg" id={`child-${part}-${cls.id}`} mb="xs">
      <bdi dir="auto">{cls.name}</bdi>
    </Title>
  );
}

function GradeRow({ grade, timeZone }: { grade: ClassGrade; timeZone: string }) {
  const intl = useIntl();
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      {/* The score goes under the title on a phone rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="auto">{grade.title}</bdi>
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="auto">{grade.courseTitle}</bdi>
            {grade.dueAt
              ? ` · ${intl.formatMessage(m.gradeDue, { date: formatDate(grade.dueAt, { style: 'medium', timeZone }) })}`
              : null}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-start">
          <Text fw={700}>
            {grade.pending || grade.points === null
              ? intl.formatMessage(m.gradePending)
              : intl.formatMessage(m.gradeScore, {
                  points: grade.points,
                  max: grade.maxPoints,
                  percent: (grade.percent ?? 0) / 100,
                })}
          </Text>
          {grade.late ? (
            <Badge color="red.9" variant="filled" autoContrast>
              {intl.formatMessage(m.late)}
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Per class, the child's released scores (the server leaves out the unreleased ones altogether). */
export function ChildGrades({ studentId, classes }: { studentId: string; classes: readonly ChildClass[] }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const pages = useChildGrades(
    studentId,
    classes.map((cls) => cls.id),
  );
  return (
    <section aria-labelledby="child-grades-heading">
      <Title order={2} fz={22} id="child-grades-heading" mb={4}>
        {intl.formatMessage(m.gradesTitle)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(m.gradesHint)}
      </Text>
      {classes.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.noClasses)}</Text> : null}
      <Stack gap="lg">
        {classes.map((cls, index) => {
          const page = pages[index]!;
          return (
            <section key={cls.id} aria-labelledby={`child-grades-heading child-grades-${cls.id}`}>
              <ClassHeading cls={cls} part="grades" />
              {page.isError ? (
                <LoadError title={intl.formatMessage(m.gradesFailed)} onRetry={() => void page.refetch()} />
              ) : !page.data ? (
                <Skeleton height={48} radius="md" />
              ) : page.data.items.length === 0 ? (
                <Text c="dimmed">{intl.formatMessage(m.noGrades)}</Text>
              ) : (
                <Stack component="ul" gap="xs" style={LIST_STYLE}>
                  {page.data.items.map((grade) => (
                    <GradeRow key={grade.assignmentId} grade={grade} timeZone={timeZone} />
                  ))}
                </Stack>
              )}
            </section>
          );
        })}
      </Stack>
    </section>
  );
}

type Records = StudentAttendance['classes'][number]['records'];

/** The absences and lates of the range, newest first, with their class. */
function recentMisses(attendance: StudentAttendance) {
  const all: (Records[number] & { className: string })[] = [];
  for (const cls of attendance.classes)
    for (const record of cls.records)
      if (record.status === 'absent' || record.status === 'late') all.push({ ...record, className: cls.className });
  return all.sort((a, b) => b.startsAt.localeCompare(a.startsAt));
}

/** The child's attendance over the last 90 days: per class the rate and counts, then the latest absences. */
export function ChildAttendance({ studentId }: { studentId: string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  // The page's moment, kept across renders: the range changes only when the page is opened again.
  const [now] = useState(() => Date.now());
  const to = dayInZone(now, timeZone);
  const from = dayInZone(now - (ATTENDANCE_DAYS - 1) * DAY_MS, timeZone);
  const attendance = useChildAttendance(studentId, from, to);
  const data = attendance.data;
  const misses = data ? recentMisses(data) : [];
  return (
    <section aria-labelledby="child-attendance-heading">
      <Title order={2} fz={22} id="child-attendance-heading" mb={4}>
        {intl.formatMessage(m.attendanceTitle)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(m.attendanceRange, { days: ATTENDANCE_DAYS })}
      </Text>
      {attendance.isError ? (
        <LoadError title={intl.formatMessage(m.attendanceFailed)} onRetry={() => void attendance.refetch()} />
      ) : !data ? (
        <Skeleton height={64} radius="md" />
      ) : data.classes.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.noAttendance)}</Text>
      ) : (
        <Stack gap="lg">
          <Stack component="ul" gap="xs" style={LIST_STYLE}>
            {data.classes.map((cls) => (
              <Paper component="li" key={cls.classId} withBorder radius="md" p="sm">
                <Text fw={700}>
                  <bdi dir="auto">{cls.className}</bdi>
                </Text>
                <Text size="sm">
                  {cls.summary.rate === null
                    ? intl.formatMessage(m.attendanceNoRate)
                    : intl.formatMessage(m.attendanceRate, { rate: cls.summary.rate })}
                </Text>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(m.attendanceCounts, {
                    absent: cls.summary.absent,
                    late: cls.summary.late,
                    excused: cls.summary.excused,
                  })}
                </Text>
              </Paper>
            ))}
          </Stack>
          <section aria-labelledby="child-absences-heading">
            <Title order={3} fz="lg" id="child-absences-heading" mb="xs">
              {intl.formatMessage(m.recentAbsences)}
            </Title>
            {misses.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage(m.noAbsences)}</Text>
            ) : (
              <Stack component="ul" gap={4} style={LIST_STYLE}>
                {misses.slice(0, RECENT_ABSENCES).map((miss) => (
                  <Text component="li" key={miss.sessionId}>
                    <Text span fw={700} c={miss.status === 'absent' ? 'red.9' : undefined}>
                      {intl.formatMessage(m.missStatus, { status: miss.status ?? 'absent' })}
                    </Text>
                    {' · '}
                    {formatDateTime(miss.startsAt, { style: 'weekday', timeZone })}
                    {' · '}
                    <bdi dir="auto">{miss.className}</bdi>
                  </Text>
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </section>
  );
}

function AnnouncementCard({ item, timeZone }: { item: Announcement; timeZone: string }) {
  const intl = useIntl();
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed" mb={4}>
        <bdi dir="auto">{item.authorName ?? intl.formatMessage(m.formerTeacher)}</bdi>
        {' · '}
        {formatDateTime(item.createdAt, { style: 'weekday', timeZone })}
      </Text>
      <RichTextView html={item.bodyHtml} />
    </Paper>
  );
}

/** The newest teacher announcements of each of the child's classes (the class stream only, never private messages). */
export function ChildAnnouncements({ studentId, classes }: { studentId: string; classes: readonly ChildClass[] }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const pages = useChildAnnouncements(
    studentId,
    classes.map((cls) => cls.id),
  );
  return (
    <section aria-labelledby="child-announcements-heading">
      <Title order={2} fz={22} id="child-announcements-heading" mb="md">
        {intl.formatMessage(m.announcementsTitle)}
      </Title>
      {classes.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.noClasses)}</Text> : null}
      <Stack gap="lg">
        {classes.map((cls, index) => {
          const page = pages[index]!;
          return (
            <section key={cls.id} aria-labelledby={`child-announcements-heading child-announcements-${cls.id}`}>
              <ClassHeading cls={cls} part="announcements" />
              {page.isError ? (
                <LoadError title={intl.formatMessage(m.announcementsFailed)} onRetry={() => void page.refetch()} />
              ) : !page.data ? (
                <Skeleton height={48} radius="md" />
              ) : page.data.items.length === 0 ? (
                <Text c="dimmed">{intl.formatMessage(m.noAnnouncements)}</Text>
              ) : (
                <Stack component="ul" gap="xs" style={LIST_STYLE}>
                  {page.data.items.map((item) => (
                    <AnnouncementCard key={item.id} item={item} timeZone={timeZone} />
                  ))}
                </Stack>
              )}
            </section>
          );
        })}
      </Stack>
    </section>
  );
}
