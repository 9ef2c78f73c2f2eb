import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminCoursesTable } from '@/features/courses/components/admin-courses-table';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

export function AdminCoursesListPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.coursesTitle)}
        description={intl.formatMessage(messages.coursesDescription)}
        actions={
          <Button component={Link} to={paths.admin.addCourse.href()} leftSection={<IconPlus size={18} aria-hidden />}>
            {intl.formatMessage(messages.addCourseTitle)}
          </Button>
        }
      />
      <AdminCoursesTable />
    </>
  );
}
