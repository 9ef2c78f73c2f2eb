import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MyGrades } from '@/features/grading/components/my-grades';

/** /student/courses/:courseId/grades: "My grades" in one enrolled course. */
export function StudentCourseGradesPage() {
  const { courseId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="My grades"
        description="Your score in each quiz, exam and assignment of the course, and your course total."
        actions={
          <Button
            component={Link}
            to={paths.student.enrolledCourses.href()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Enrolled courses
          </Button>
        }
      />
      <MyGrades key={courseId} courseId={courseId} />
    </>
  );
}
