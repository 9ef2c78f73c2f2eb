import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseForm } from '@/features/courses/components/course-form';
import { useIntl } from '@/i18n/intl';
import { adminPagesMessages as messages } from './messages';

export function AdminAddCoursePage() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.addCourseTitle)}
        description={intl.formatMessage(messages.addCourseDescription)}
      />
      <CourseForm listHref={paths.admin.coursesList.href()} withTeacherSelect />
    </>
  );
}
