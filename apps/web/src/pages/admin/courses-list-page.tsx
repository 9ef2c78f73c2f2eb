import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminCoursesTable } from '@/features/courses/components/admin-courses-table';

export function AdminCoursesListPage() {
  return (
    <>
      <PageHeader
        title="Courses"
        description="Every course of every teacher, published or draft."
        actions={
          <Button component={Link} to={paths.admin.addCourse.href()} leftSection={<IconPlus size={18} aria-hidden />}>
            Add Course
          </Button>
        }
      />
      <AdminCoursesTable />
    </>
  );
}
