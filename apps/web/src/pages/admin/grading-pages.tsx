import { Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPencilCheck, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useAdminCourses } from '../../features/courses/api/get-admin-courses';
import { courseQueryOptions, useCourse } from '../../features/courses/api/get-course';
import { GradebookTable } from '../../features/grading/components/gradebook-table';
import { GradingInbox } from '../../features/grading/components/grading-inbox';
import { ItemAnalysis } from '../../features/grading/components/item-analysis';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /admin/grading: the grading inbox across every course (admins see all), narrowed to one course with the filter
 * (`?courseId=`, kept in the address so a course's "Grade answers" link lands on it).
 */
export function AdminGradingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('courseId') ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const courses = useAdminCourses({ q: debounced || undefined, page: 1 });
  const chosen = useQuery({ ...courseQueryOptions(courseId, null), enabled: Boolean(courseId) });
  usePageTitle(chosen.data?.title && courseId ? `Grading · ${chosen.data.title}` : 'Grading');
  const options = (courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  if (courseId && chosen.data && !options.some((o) => o.value === courseId))
    options.unshift({ value: courseId, label: chosen.data.title });

  return (
    <>
      <PageHeader
        title="Grading"
        description="Answers that need a person in every course, oldest first. Choose a course to grade only its answers."
        actions={
          courseId ? (
            <Button
              component={Link}
              to={paths.admin.gradebook.href(courseId)}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              Gradebook
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md">
        <Select
          label="Course"
          placeholder="All courses"
          searchable
          clearable
          nothingFoundMessage="No course by that name"
          data={options}
          value={courseId || null}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(value) => {
            const next = new URLSearchParams(searchParams);
            if (value) next.set('courseId', value);
            else next.delete('courseId');
            setSearchParams(next, { replace: true });
          }}
          maw={420}
        />
        <GradingInbox key={courseId} courseId={courseId} />
      </Stack>
    </>
  );
}

/** /admin/courses/:id/gradebook: any course's gradebook, reached from the admin's course list. */
export function AdminGradebookPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Gradebook · ${courseTitle}` : 'Gradebook');
  return (
    <>
      <PageHeader
        title="Gradebook"
        description={courseTitle ? `Grades of “${courseTitle}”.` : 'Grades of this course.'}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.admin.coursesList.href()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Courses
            </Button>
            <Button
              component={Link}
              to={paths.admin.grading.href(id)}
              variant="light"
              leftSection={<IconPencilCheck size={18} aria-hidden />}
            >
              Grade answers
            </Button>
          </Group>
        }
      />
      <GradebookTable courseId={id} analysisHref={paths.admin.itemAnalysis.href} />
    </>
  );
}

/** /admin/courses/:id/assessments/:itemId/analysis: how each question of any course's assessment performed. */
export function AdminItemAnalysisPage() {
  const { id = '', itemId = '' } = useParams();
  usePageTitle('Item analysis');
  return (
    <>
      <PageHeader
        title="Item analysis"
        description="How hard each question was, whether it separates stronger from weaker students, and which choices were picked."
        actions={
          <Button
            component={Link}
            to={paths.admin.gradebook.href(id)}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Gradebook
          </Button>
        }
      />
      <ItemAnalysis key={itemId} courseId={id} itemId={itemId} />
    </>
  );
}
