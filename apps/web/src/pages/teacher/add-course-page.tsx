import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function TeacherAddCoursePage() {
  return (
    <ComingSoon
      title="Add Course"
      description="The course editor (title, rich-text description, what students will learn, materials, requirements, tags and audience) is coming soon."
      action={{ label: 'Back to my courses', href: paths.teacher.coursesList.href() }}
    />
  );
}
