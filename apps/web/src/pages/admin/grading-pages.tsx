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
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

/**
 * /admin/grading: the grading inbox across every course (admins see all), narrowed to one course with the filter
 * (`?courseId=`, kept in the address so a course's "Grade answers" link lands on it).
 */
export function AdminGradingPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const courseId = searchParams.get('courseId') ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const courses = useAdminCourses({ q: debounced || undefined, page: 1 });
  const chosen = useQuery({ ...courseQueryOptions(courseId, null), enabled: Boolean(courseId) });
  usePageTitle(
    intl.formatMessage(messages.gradingPageTitle, {
      chosen: chosen.data?.title && courseId ? 'yes' : 'no',
      title: chosen.data?.title ?? '',
    }),
  );
  const options = (courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  if (courseId && chosen.data && !options.some((o) => o.value === courseId))
    options.unshift({ value: courseId, label: chosen.data.title });
  return (
    <CourseFilteredInbox
      description={intl.formatMessage(messages.gradingDescription)}
      courses={options}
      placeholder={intl.formatMessage(messages.allCourses)}
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
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.itemAnalysisTitle));
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.itemAnalysisTitle)}
        description={intl.formatMessage(messages.itemAnalysisDescription)}
        actions={
          <Button
            component={Link}
            to={paths.admin.gradebook.href(id)}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {intl.formatMessage(messages.gradebook)}
          </Button>
        }
      />
      <ItemAnalysis key={itemId} courseId={id} itemId={itemId} />
    </>
  );
}
