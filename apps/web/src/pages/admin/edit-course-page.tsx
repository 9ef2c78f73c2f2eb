import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { EditCourse } from '@/features/courses/components/edit-course';

export function AdminEditCoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Edit Course"
        description="Change any course, or move it to another teacher."
        actions={
          <Button
            component={Link}
            to={paths.admin.coursesList.href()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            All courses
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
