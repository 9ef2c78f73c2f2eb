import { useSearchParams } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

export function CoursesPage() {
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category');
  return (
    <PageContainer>
      <ComingSoon
        title={category ? `${category} courses` : 'Courses'}
        description="The course catalogue, with search and filters by category, is being built. Sign up now and you will be ready to enrol the day it opens."
        action={{ label: 'Create a free account', href: paths.register.href() }}
      />
    </PageContainer>
  );
}
