import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

export function ForumPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Q & A Discussions"
        description="The community forum, where students and teachers ask and answer questions, is being built."
        action={{ label: 'Back to the home page', href: paths.home.href() }}
      />
    </PageContainer>
  );
}
