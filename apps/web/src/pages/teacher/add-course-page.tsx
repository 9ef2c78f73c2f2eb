import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseForm } from '@/features/courses/components/course-form';

export function TeacherAddCoursePage() {
  return (
    <>
      <PageHeader
        title="Add Course"
        description="Write your course, then save it as a draft to finish later or publish it for students."
        actions={
          <Button
            component={Link}
            to={paths.teacher.coursesList.href()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            My Courses
          </Button>
        }
      />
      <CourseForm listHref={paths.teacher.coursesList.href()} />
    </>
  );
}
