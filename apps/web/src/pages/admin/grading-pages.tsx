import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CourseGradebookPage } from '@/pages/course-gradebook-page';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAdminCourses } from '@/features/courses/api/get-admin-courses';
import { courseQueryOptions } from '@/features/courses/api/get-course';
import { CourseFilteredInbox } from '@/features/grading/components/course-filtered-inbox';
import { ItemAnalysis } from '@/features/grading/components/item-analysis';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /admin/grading: the grading inbox across every course (admins see all), narrowed to one course with the filter
 * (`?courseId=`, kept in the address so a course's "Grade answers" link lands on it).
 */
export function AdminGradingPage() {
  const [searchParams] = useSearchParams();
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
    <CourseFilteredInbox
      description="Answers that need a person in every course, oldest first. Choose a course to grade only its answers."
      courses={options}
      placeholder="All courses"
      gradebookHref={(id) => paths.admin.gradebook.href(id)}
      search={{ value: search, onChange: setSearch }}
    />
  );
}

/** /admin/courses/:id/gradebook: any course's gradebook, reached from the admin's course list. */
export function AdminGradebookPage() {
  return <CourseGradebookPage area="admin" />;
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
