import type { ClassSummary } from '@lyceum/contract';
import { Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTeacherCourses } from '@/features/courses/api/get-teacher-courses';
import { useTeacherClasses } from '@/features/classes/api/get-teacher-classes';
import { CreateClassForm } from '@/features/classes/components/create-class-form';

function ClassCard({ cls }: { cls: ClassSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article">
      <Stack gap={6}>
        <Anchor component={Link} to={paths.teacher.classDetails.href(cls.id)} fw={700} fz="lg">
          {cls.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {[cls.section, cls.subject].filter(Boolean).join(' · ') || 'No section or subject'}
        </Text>
        <Group gap="xs">
          <Badge variant="light">
            {cls.memberCount} student{cls.memberCount === 1 ? '' : 's'}
          </Badge>
          {cls.code ? (
            <Badge variant="outline" color="gray" ff="monospace" style={{ textTransform: 'none' }}>
              Code {cls.code}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function ClassList({ archived }: { archived: boolean }) {
  const [page, setPage] = useState(1);
  const list = useTeacherClasses(archived, page);
  if (list.isError) return <LoadError title="Your classes could not be loaded" onRetry={() => void list.refetch()} />;
  if (!list.data) return <Text c="dimmed">Loading your classes…</Text>;
  if (list.data.total === 0) {
    return <Text c="dimmed">{archived ? 'No archived classes.' : 'No classes yet: start one with “New class”.'}</Text>;
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data.items.map((cls) => (
          <ClassCard key={cls.id} cls={cls} />
        ))}
      </SimpleGrid>
      <ListPagination
        page={page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        onChange={setPage}
        label="Class pages"
      />
    </Stack>
  );
}

/** /teacher/classes: the teacher's classes; `?new=1` ("Start a class today") opens the new-class form. */
export function TeacherClassesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const creating = params.get('new') === '1';
  const courses = useTeacherCourses({ page: 1, pageSize: 100 });
  const close = () => setParams({}, { replace: true });

  return (
    <>
      <PageHeader
        title="Classes"
        description="Your classes: students join with a code and are enrolled in the class’s courses."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setParams({ new: '1' })}>
            New class
          </Button>
        }
      />
      <Tabs defaultValue="active" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">Active</Tabs.Tab>
          <Tabs.Tab value="archived">Archived</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active">
          <ClassList archived={false} />
        </Tabs.Panel>
        <Tabs.Panel value="archived">
          <ClassList archived />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={creating}
        onClose={close}
        title="Start a class"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        attributes={{ header: { role: 'presentation' } }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
      >
        <CreateClassForm
          courses={(courses.data?.items ?? []).map((c) => ({ id: c.id, title: c.title, status: c.status }))}
          onCancel={close}
          onCreated={(cls) => void navigate(paths.teacher.classDetails.href(cls.id), { replace: true })}
        />
      </Modal>
    </>
  );
}
