import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

export function ForumDetailsPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Discussion"
        description="Questions with their answers, and replying to them, are coming with the community forum."
        action={{ label: 'Back to the forum', href: paths.forum.href() }}
      />
    </PageContainer>
  );
}
