import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { EditCourse } from '@/features/courses/components/edit-course';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

export function AdminEditCoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.editCourseTitle)}
        description={intl.formatMessage(messages.editCourseDescription)}
        actions={
          <Button
            component={Link}
            to={paths.admin.coursesList.href()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {intl.formatMessage(messages.allCourses)}
          </Button>
        }
      />
      <EditCourse
        courseId={id}
        withTeacherSelect
        listHref={paths.admin.coursesList.href()}
        onUpdated={() => void navigate(paths.admin.coursesList.href())}
        onDeleted={() => void navigate(paths.admin.coursesList.href(), { replace: true })}
      />
    </>
  );
}
