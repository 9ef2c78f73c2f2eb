import type { CourseStatus } from '@lyceum/contract';
import { COURSE_HELD_MESSAGE, MESSAGES } from '@lyceum/contract/constants';
import { Badge, Button, Group, Stack, Tabs, Tooltip } from '@mantine/core';
import { IconFileDescription, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CourseCard } from '@/components/course-card';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { useTeacherCourses } from '../api/get-teacher-courses';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { CourseManageMenu } from './course-manage-menu';

const PAGE_SIZE = 12;

type Tab = 'publish' | 'draft';
const STATUS_OF: Record<Tab, CourseStatus> = { publish: 'published', draft: 'draft' };

function useTabCourses(tab: Tab, page: number) {
  return useTeacherCourses({ status: STATUS_OF[tab], page, pageSize: PAGE_SIZE });
}

function TabPanelContent({
  tab,
  query,
  onPage,
}: {
  tab: Tab;
  query: ReturnType<typeof useTabCourses>;
  onPage: (page: number) => void;
}) {
  if (query.isPending) return <CourseGridSkeleton count={3} />;
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
  const { items, page, pageSize, total } = query.data;
  if (items.length === 0) {
    return (
      <EmptySection message={MESSAGES.emptySection}>
        <Button component={Link} to={paths.teacher.addCourse.href()} variant="default">
          + Add Course
        </Button>
      </EmptySection>
    );
  }
  return (
    <>
      <CourseGrid
        items={items}
        keyOf={(course) => course.id}
        renderItem={(course) => (
          <CourseCard
            course={course}
            headingOrder={2}
            instructorName="first"
            withExcerpt={false}
            badges={
              tab === 'draft' ? (
                <Group gap={6}>
                  <Badge variant="filled" color="gray.7" radius="sm">
                    Draft
                  </Badge>
                  {course.heldAt ? (
                    <Tooltip label={COURSE_HELD_MESSAGE} multiline w={260} withArrow>
                      <Badge
                        variant="filled"
                        color="orange.9"
                        radius="sm"
                        tabIndex={0}
                        aria-label={COURSE_HELD_MESSAGE}
                      >
                        Held by admin
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              ) : null
            }
            actions={
              // Three buttons in a card about 240 px wide: text-only buttons with tight padding keep every label whole.
              <Group gap={6} wrap="nowrap">
                <Button
                  component={Link}
                  to={paths.teacher.editCourse.href(course.id)}
                  size="xs"
                  px={8}
                  variant="light"
                  aria-label={`Edit ${course.title}`}
                >
                  Edit
                </Button>
                <Button
                  component={Link}
                  to={paths.teacher.curriculum.href(course.id)}
                  size="xs"
                  px={8}
                  variant="light"
                  aria-label={`Curriculum of ${course.title}`}
                >
                  Curriculum
                </Button>
                <CourseManageMenu courseId={course.id} title={course.title} enrolledCount={course.enrolledCount} />
              </Group>
            }
          />
        )}
      />
      <ListPagination
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={onPage}
        label={tab === 'publish' ? 'Published course pages' : 'Draft course pages'}
      />
    </>
  );
}

/**
 * My Courses (spec §2): tabs Publish (default) and Draft. Both are real lists, fetched up front so each tab shows
 * its count (the spec's Draft tab was never fetched).
 */
export function TeacherCourses() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'draft' ? 'draft' : 'publish';
  const [pages, setPages] = useState<Record<Tab, number>>({ publish: 1, draft: 1 });
  const published = useTabCourses('publish', pages.publish);
  const drafts = useTabCourses('draft', pages.draft);
  useErrorToast(published.isError || drafts.isError, MESSAGES.teacherCoursesFailed, 'teacher-courses-failed');

  const count = (query: typeof published) => (query.data ? ` (${formatCount(query.data.total)})` : '');

  return (
    <Tabs
      value={tab}
      onChange={(value) => setSearchParams(value === 'draft' ? { tab: 'draft' } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="publish" leftSection={<IconWorld size={16} aria-hidden />}>
          Publish{count(published)}
        </Tabs.Tab>
        <Tabs.Tab value="draft" leftSection={<IconFileDescription size={16} aria-hidden />}>
          Draft{count(drafts)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="publish">
        <Stack>
          <TabPanelContent
            tab="publish"
            query={published}
            onPage={(page) => setPages((p) => ({ ...p, publish: page }))}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="draft">
        <Stack>
          <TabPanelContent tab="draft" query={drafts} onPage={(page) => setPages((p) => ({ ...p, draft: page }))} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
