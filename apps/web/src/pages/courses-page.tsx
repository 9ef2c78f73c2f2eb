import { PageContainer } from '../components/page-container';
import { PageHeader } from '../components/page-header';
import { Catalogue } from '../features/courses/components/catalogue';
import { parseCategory } from '../features/courses/hooks/use-catalogue-filters';
import { useSearchParams } from 'react-router';

export function CoursesPage() {
  const [searchParams] = useSearchParams();
  const category = parseCategory(searchParams.get('category'));
  return (
    <PageContainer>
      <PageHeader
        title={category ? `${category} courses` : 'Courses'}
        description="Published courses from Lyceum's teachers. Search by title, topic or tag, or browse a category."
      />
      <Catalogue />
    </PageContainer>
  );
}
