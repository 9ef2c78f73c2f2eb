import { Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useMyClasses } from '@/features/classes/api/student-classes';
import { CalendarFeedCard } from '@/features/classes/components/calendar-feed-card';
import { JoinClassForm } from '@/features/classes/components/join-class-form';

/** /student/classes: the classes the student belongs to, joining another, and the calendar feed. */
export function StudentClassesPage() {
  const [page, setPage] = useState(1);
  const [joining, setJoining] = useState(false);
  const list = useMyClasses(page);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="My Classes"
        description="The classes you joined with a code: their announcements and what is assigned to you."
        actions={<Button onClick={() => setJoining(true)}>Join a class</Button>}
      />
      <Stack gap="xl">
        {list.isError ? (
          <LoadError title="Your classes could not be loaded" onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Text c="dimmed">Loading your classes…</Text>
        ) : list.data.total === 0 ? (
          <Text c="dimmed">You are in no class yet. Your teacher gives you a code to join theirs.</Text>
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.data.items.map((cls) => (
                <Card key={cls.id} withBorder radius="md" padding="lg" component="article">
                  <Stack gap={6}>
                    <Anchor component={Link} to={paths.student.classDetails.href(cls.id)} fw={700} fz="lg">
                      {cls.name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {cls.teacherName}
                      {cls.section ? ` · ${cls.section}` : ''}
                    </Text>
                    <Group gap="xs">
                      {cls.subject ? <Badge variant="light">{cls.subject}</Badge> : null}
                      {cls.archived ? (
                        <Badge variant="outline" color="gray">
                          Archived
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                </Card>
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
        )}
        <CalendarFeedCard />
      </Stack>
      <Modal
        opened={joining}
        onClose={() => setJoining(false)}
        title="Join a class"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        attributes={{ header: { role: 'presentation' } }}
      >
        <JoinClassForm
          canJoin
          onJoined={(classId) => void navigate(paths.student.classDetails.href(classId))}
          onNeedsAccount={() => {}}
        />
      </Modal>
    </>
  );
}
