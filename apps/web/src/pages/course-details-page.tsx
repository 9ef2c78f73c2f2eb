import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

export function CourseDetailsPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Course details"
        description="Course pages with the syllabus, the instructor, reviews and enrolment are on their way."
        action={{ label: 'Back to courses', href: paths.courses.href() }}
      />
    </PageContainer>
  );
}
