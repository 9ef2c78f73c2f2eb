import { Button, Select, Stack } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useIntl } from '@/i18n/intl';
import { gradingMessages as messages } from '../messages';
import { GradingInbox } from './grading-inbox';

export interface CourseFilteredInboxProps {
  /** Under the "Grading" title: whose answers these are. */
  description: string;
  /** The course filter's choices (the courses the caller may grade). */
  courses: { value: string; label: string }[];
  /** The filter's text when nothing is chosen ("All courses", "All my courses"). */
  placeholder: string;
  /** Where the chosen course's gradebook is. */
  gradebookHref: (courseId: string) => string;
  /** The filter's typed text, for callers that look courses up as the grader types (admins: every course). */
  search?: { value: string; onChange: (value: string) => void };
}

/**
 * The grading inbox across every course the caller grades, with a course filter kept in the address (`?courseId=`),
 * so a course's "Grade answers" link lands on it. The teacher's and the admin's Grading pages.
 */
export function CourseFilteredInbox({
  description,
  courses,
  placeholder,
  gradebookHref,
  search,
}: CourseFilteredInboxProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('courseId') ?? '';
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.grading)}
        description={description}
        actions={
          courseId ? (
            <Button
              component={Link}
              to={gradebookHref(courseId)}
              variant="light"
              leftSection={<IconTable size={18} aria-hidden />}
            >
              {intl.formatMessage(messages.gradebook)}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md">
        <Select
          label={intl.formatMessage(messages.course)}
          placeholder={placeholder}
          searchable
          clearable
          nothingFoundMessage={intl.formatMessage(messages.noCourseByName)}
          data={courses}
          value={courseId || null}
          {...(search ? { searchValue: search.value, onSearchChange: search.onChange } : {})}
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
