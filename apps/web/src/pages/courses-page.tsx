import { PageContainer } from '../components/page-container';
import { PageHeader } from '../components/page-header';
import { Catalogue } from '../features/courses/components/catalogue';
import { parseCategory } from '../features/courses/hooks/use-catalogue-filters';
import { useSearchParams } from 'react-router';
import { coursesMessages } from '../features/courses/messages';
import { useIntl } from '../i18n/intl';

export function CoursesPage() {
  const [searchParams] = useSearchParams();
  const category = parseCategory(searchParams.get('category'));
  const intl = useIntl();
  return (
    <PageContainer>
      <PageHeader
        title={intl.formatMessage(coursesMessages.pageTitle, { category: category ?? 'none' })}
        description={intl.formatMessage(coursesMessages.pageLead)}
      />
      <Catalogue />
    </PageContainer>
  );
}
