import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TeacherCourses } from '@/features/courses/components/teacher-courses';

export function TeacherCoursesListPage() {
  return (
    <>
      <PageHeader
        title="My Courses"
        description="Your published courses and your drafts."
        actions={
          <Button component={Link} to={paths.teacher.addCourse.href()} leftSection={<IconPlus size={18} aria-hidden />}>
            Add Course
          </Button>
        }
      />
      <TeacherCourses />
    </>
  );
}
