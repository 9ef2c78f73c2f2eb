import { Button, useDirection } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MyGrades } from '@/features/grading/components/my-grades';
import { gradingMessages as messages } from '@/features/grading/messages';
import { useIntl } from '@/i18n/intl';

/** /student/courses/:courseId/grades: "My grades" in one enrolled course. */
export function StudentCourseGradesPage() {
  const { courseId = '' } = useParams();
  const intl = useIntl();
  const { dir } = useDirection();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.myGrades)}
        description={intl.formatMessage(messages.pageDescription)}
        actions={
          <Button
            component={Link}
            to={paths.student.enrolledCourses.href()}
            variant="default"
            leftSection={
              <IconArrowLeft size={18} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
            }
          >
            {intl.formatMessage(messages.enrolledCourses)}
          </Button>
        }
      />
      <MyGrades key={courseId} courseId={courseId} />
    </>
  );
}
