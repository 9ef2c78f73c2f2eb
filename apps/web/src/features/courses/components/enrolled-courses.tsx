import type { EnrolmentItem } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Badge, Button, Group, Progress, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CourseCard } from '@/components/course-card';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useErrorToast } from '@/lib/use-error-toast';
import { useCompleteEnrolment } from '../api/complete-enrolment';
import { useEnrolments } from '../api/get-enrolments';
import type { EnrolmentFilter } from '../api/query-keys';
import { CourseGrid, CourseGridSkeleton } from './course-grid';

const PAGE_SIZE = 12;

/** Spec §2: three tab buttons with these ids, showing all, active and completed enrolments. */
const TABS = [
  {
    id: 'enrolledCourses',
    label: 'Enrolled Courses',
    status: 'all',
    empty: 'You are not enrolled in any course yet',
    hint: 'Find a course in the catalogue and choose Enroll now; it will be listed here.',
  },
  {
    id: 'activeCourses',
    label: 'Active Courses',
    status: 'active',
    empty: 'No active courses',
    hint: 'Courses you are taking now are listed here until you mark them complete.',
  },
  {
    id: 'completedCourses',
    label: 'Completed Courses',
    status: 'completed',
    empty: 'No completed courses yet',
    hint: 'Mark a course complete when you finish it; it moves here.',
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; status: EnrolmentFilter; empty: string; hint: string }>;

type TabId = (typeof TABS)[number]['id'];

export function EnrolmentStatusBadge({ status }: { status: EnrolmentItem['status'] }) {
  return (
    <Badge variant="filled" color={status === 'completed' ? 'teal.9' : 'indigo.8'} radius="sm">
      {status === 'completed' ? 'Completed' : 'Active'}
    </Badge>
  );
}

function MarkCompleteButton({ item, onCompleted }: { item: EnrolmentItem; onCompleted?: () => void }) {
  const complete = useCompleteEnrolment();
  return (
    <Button
      size="xs"
      color="teal.9"
      leftSection={<IconCircleCheck size={16} aria-hidden />}
      loading={complete.isPending}
      aria-label={`Mark complete: ${item.course.title}`}
      onClick={() =>
        complete.mutate(item.courseId, {
          onSuccess: () => {
            notifySuccess(MESSAGES.courseCompleted);
            onCompleted?.();
          },
          onError: () => notifyError(MESSAGES.updateGenericFailed),
        })
      }
    >
      Mark complete
    </Button>
  );
}

/** An enrolment as a course card: status, when it started or ended, and Mark complete while active. */
export function EnrolmentCard({
  item,
  onCompleted,
  headingOrder = 3,
}: {
  item: EnrolmentItem;
  onCompleted?: () => void;
  /** 2 where the cards follow the page title directly, 3 under a section heading. */
  headingOrder?: 2 | 3;
}) {
  const unpublished = item.course.status !== 'published';
  return (
    <CourseCard
      course={item.course}
      headingOrder={headingOrder}
      instructorName="first"
      withExcerpt={false}
      badges={
        <>
          <EnrolmentStatusBadge status={item.status} />
          {/* Unpublished after the student enrolled: still open to them, read-only (ADR 018). */}
          {unpublished ? (
            <Badge variant="filled" color="gray.7" radius="sm">
              Unpublished
            </Badge>
          ) : null}
        </>
      }
      actions={
        <Stack gap={6}>
          {item.totalItems > 0 ? (
            <Stack gap={2}>
              <Group justify="space-between" gap="xs">
                <Text size="xs" fw={600}>
                  {item.completedItems} of {item.totalItems} lessons
                </Text>
                <Text size="xs" fw={600}>
                  {item.progressPercent}%
                </Text>
              </Group>
              <Progress
                value={item.progressPercent}
                color="teal.8"
                size="sm"
                aria-label={`Progress in ${item.course.title}`}
              />
            </Stack>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {item.completedAt
                ? `Completed ${formatDate(item.completedAt)}`
                : `Enrolled ${formatDate(item.enrolledAt)}`}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Button
                component={Link}
                to={paths.student.courseGrades.href(item.courseId)}
                size="xs"
                variant="default"
                aria-label={`My grades: ${item.course.title}`}
              >
                Grades
              </Button>
              {item.totalItems > 0 ? (
                <Button
                  component={Link}
                  to={paths.learn.href(item.courseId, item.lastItemId)}
                  size="xs"
                  variant={item.status === 'active' ? 'filled' : 'default'}
                  aria-label={`${item.status === 'active' ? 'Continue' : 'Review'}: ${item.course.title}`}
                >
                  {item.status === 'active' ? 'Continue' : 'Review'}
                </Button>
              ) : item.status === 'active' && !unpublished ? (
                <MarkCompleteButton item={item} onCompleted={onCompleted} />
              ) : null}
            </Group>
          </Group>
        </Stack>
      }
    />
  );
}

function EnrolmentList({
  status,
  empty,
  onCompleted,
}: {
  status: EnrolmentFilter;
  /** The tab's own empty text (the spec's "No data available in wishlist" belongs to the wishlist). */
  empty: { message: string; hint: string };
  onCompleted?: () => void;
}) {
  const [page, setPage] = useState(1);
  const query = useEnrolments({ status, page, pageSize: PAGE_SIZE });
  useErrorToast(query.isError, MESSAGES.enrolledListFailed, 'enrolled-list-failed');

  if (query.isPending) return <CourseGridSkeleton count={3} label="Loading your courses…" />;
  if (query.isError) {
    return (
      <LoadError
        title="Your courses could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <EmptySection message={empty.message} description={empty.hint}>
        <Button component={Link} to={paths.courses.href()} variant="default">
          Browse courses
        </Button>
      </EmptySection>
    );
  }
  return (
    <Stack>
      <CourseGrid
        items={query.data.items}
        keyOf={(item) => item.courseId}
        renderItem={(item) => <EnrolmentCard item={item} onCompleted={onCompleted} headingOrder={2} />}
      />
      <ListPagination
        page={query.data.page}
        pageSize={query.data.pageSize}
        total={query.data.total}
        onChange={setPage}
        label="Course pages"
      />
    </Stack>
  );
}

/** Enrolled courses (spec §2): tabs Enrolled Courses (all, default), Active Courses and Completed Courses. */
export function EnrolledCourses({ onCompleted }: { onCompleted?: () => void }) {
  const [tab, setTab] = useState<TabId>('enrolledCourses');
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as TabId | null) ?? 'enrolledCourses')} keepMounted={false}>
      <Tabs.List mb="lg">
        {TABS.map((item) => (
          <Tabs.Tab key={item.id} value={item.id} id={item.id}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((item) => (
        <Tabs.Panel key={item.id} value={item.id} aria-labelledby={item.id}>
          <EnrolmentList
            status={item.status}
            empty={{ message: item.empty, hint: item.hint }}
            onCompleted={onCompleted}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
