import { Alert, Anchor, Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTeacherClass } from '@/features/classes/api/get-teacher-classes';
import { AssignmentsPanel, type AssignableItem } from '@/features/classes/components/assignments-panel';
import { ClassGradebook } from '@/features/classes/components/class-gradebook';
import { ClassCodeCard } from '@/features/classes/components/class-code-card';
import { ClassSettings } from '@/features/classes/components/class-settings';
import { ClassStream } from '@/features/classes/components/class-stream';
import { RosterTable } from '@/features/classes/components/roster-table';
import { useTeacherCourses } from '@/features/courses/api/get-teacher-courses';
import { curriculumQueryOptions } from '@/features/curriculum/api/get-curriculum';
import { guardiansMessages } from '@/features/guardians/messages';
import { ClassAttendance } from '@/features/attendance/components/class-attendance';
import { attendanceMessages } from '@/features/attendance/messages';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { ClassGuardiansTab } from './class-guardians-tab';

/** /teacher/classes/:id: the code, roster, stream, assignments and settings of one class. */
export function TeacherClassPage() {
  const { id = '' } = useParams();
  const cls = useTeacherClass(id);
  const { state } = useAuth();
  const intl = useIntl();
  const ownCourses = useTeacherCourses({ page: 1, pageSize: 100 });
  const outlines = useQueries({
    queries: (cls.data?.courses ?? []).map((course) => curriculumQueryOptions(course.id, state.user?.id ?? null)),
  });

  if (cls.isError) {
    return (
      <LoadError title="This class could not be opened" onRetry={() => void cls.refetch()}>
        It may not exist, or you may not teach it.{' '}
        <Anchor component={Link} to={paths.teacher.classes.href()}>
          Back to your classes
        </Anchor>
      </LoadError>
    );
  }
  if (!cls.data) return <Text c="dimmed">Loading the class…</Text>;
  const data = cls.data;
  const items: AssignableItem[] = outlines.flatMap((outline, index) =>
    (outline.data?.sections ?? []).flatMap((section) =>
      section.items.map((item) => ({
        id: item.id,
        title: item.title,
        kind: item.kind,
        courseTitle: data.courses[index]?.title ?? '',
      })),
    ),
  );

  return (
    <>
      <PageHeader
        title={data.name}
        description={
          <Group gap="xs" component="span">
            {[data.section, data.subject].filter(Boolean).join(' · ')}
            {data.courses.map((c) => (
              <Badge key={c.id} variant="light" component="span" style={{ textTransform: 'none' }}>
                {c.title}
              </Badge>
            ))}
          </Group>
        }
      />
      <Stack gap="lg">
        {data.archived ? (
          <Alert color="gray" variant="light" title="Archived class">
            Read-only for everyone. Restore it under Settings to change it.
          </Alert>
        ) : null}
        <ClassCodeCard cls={data} />
        <Tabs defaultValue="roster" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="roster">Roster ({data.memberCount})</Tabs.Tab>
            <Tabs.Tab value="guardians">{intl.formatMessage(guardiansMessages.tab)}</Tabs.Tab>
            <Tabs.Tab value="attendance">{intl.formatMessage(attendanceMessages.tab)}</Tabs.Tab>
            <Tabs.Tab value="stream">Stream</Tabs.Tab>
            <Tabs.Tab value="assignments">Assignments</Tabs.Tab>
            <Tabs.Tab value="gradebook">Gradebook</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="roster">
            <RosterTable classId={data.id} readOnly={data.archived} />
          </Tabs.Panel>
          <Tabs.Panel value="guardians">
            <ClassGuardiansTab classId={data.id} readOnly={data.archived} />
          </Tabs.Panel>
          <Tabs.Panel value="attendance">
            <ClassAttendance classId={data.id} readOnly={data.archived} />
          </Tabs.Panel>
          <Tabs.Panel value="stream">
            <ClassStream classId={data.id} as="teacher" canPost={!data.archived} />
          </Tabs.Panel>
          <Tabs.Panel value="assignments">
            <AssignmentsPanel classId={data.id} items={items} readOnly={data.archived} />
          </Tabs.Panel>
          <Tabs.Panel value="gradebook">
            <ClassGradebook classId={data.id} courses={data.courses} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            {/* Keyed by the class only: archiving keeps the settings mounted, so focus can go to "Restore class". */}
            <ClassSettings
              key={data.id}
              cls={data}
              courseOptions={(ownCourses.data?.items ?? []).map((c) => ({ id: c.id, title: c.title }))}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
