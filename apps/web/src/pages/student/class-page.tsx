import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useLeaveClass } from '@/features/classes/api/class-mutations';
import { useStudentClass } from '@/features/classes/api/student-classes';
import { accommodationText } from '@/features/classes/components/accommodation-text';
import { ClassStream } from '@/features/classes/components/class-stream';
import { MyClassGrades } from '@/features/classes/components/my-class-grades';
import { TodoList } from '@/features/classes/components/todo-list';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

/** /student/classes/:id: a class's stream and the student's own to-do list. */
export function StudentClassPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const cls = useStudentClass(id);
  const leave = useLeaveClass();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);

  if (cls.isError) {
    return (
      <LoadError title="This class could not be opened" onRetry={() => void cls.refetch()}>
        You may not be in it.{' '}
        <Anchor component={Link} to={paths.student.classes.href()}>
          Back to your classes
        </Anchor>
      </LoadError>
    );
  }
  if (!cls.data) return <Text c="dimmed">Loading the class…</Text>;
  const data = cls.data;
  return (
    <>
      <PageHeader
        title={data.name}
        description={[data.teachers.map((t) => t.name).join(', '), data.section, data.subject]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Button variant="default" color="red" disabled={data.archived} onClick={() => setConfirm(true)}>
            Leave class
          </Button>
        }
      />
      <Stack gap="lg">
        {data.archived ? (
          <Alert color="gray" variant="light" title="Archived class">
            Your teacher archived this class: you can still read it.
          </Alert>
        ) : null}
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Courses:
          </Text>
          {data.courses.map((c) => (
            <Badge
              key={c.id}
              component={Link}
              to={paths.learn.href(c.id)}
              variant="light"
              style={{ textTransform: 'none', cursor: 'pointer' }}
            >
              {c.title}
            </Badge>
          ))}
        </Group>
        {data.accommodation ? (
          <Alert color="grape" variant="light" title="Your accommodation in this class">
            {accommodationText(intl, data.accommodation)}. The dates in your to-do list already include it.
          </Alert>
        ) : null}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Title order={2} fz="xl">
                To do
              </Title>
              <TodoList
                classId={data.id}
                linkOf={(item) => paths.learn.href(item.courseId, item.itemKind === 'lesson' ? item.itemId : null)}
                startOf={(item) => paths.student.assessment.href(item.courseId, item.itemId)}
              />
              <Title order={2} fz="xl" mt="md">
                Grades
              </Title>
              <MyClassGrades
                classId={data.id}
                startOf={(courseId, itemId) => paths.student.assessment.href(courseId, itemId)}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Title order={2} fz="xl">
                Stream
              </Title>
              <ClassStream classId={data.id} as="member" canPost={false} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <ConfirmModal
        opened={confirm}
        title="Leave this class?"
        confirmLabel="Leave class"
        danger
        loading={leave.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          leave.mutate(data.id, {
            onSuccess: () => {
              notifySuccess(`You left ${data.name}`);
              void navigate(paths.student.classes.href());
            },
            onError: (error) => notifyError(toastMessageOf(error, 'You could not leave the class')),
          })
        }
      >
        You stay enrolled in its courses with your progress. To come back, you need the class code again.
      </ConfirmModal>
    </>
  );
}
