import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { EditCourse } from '@/features/courses/components/edit-course';

export function TeacherEditCoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Edit Course"
        description="Changes show on the course page as soon as you save them."
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
      <EditCourse
        courseId={id}
        listHref={paths.teacher.coursesList.href()}
        onUpdated={(course) =>
          void navigate(paths.teacher.coursesList.href(course.status === 'draft' ? 'draft' : undefined))
        }
        onDeleted={() => void navigate(paths.teacher.coursesList.href(), { replace: true })}
      />
    </>
  );
}
