import { ComingSoon } from '../components/coming-soon';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';

export function BlogPage() {
  return (
    <PageContainer>
      <ComingSoon
        title="Blog"
        description="Articles on design, development and marketing from our teachers will be published here."
        action={{ label: 'Read about Lyceum', href: paths.about.href() }}
      />
    </PageContainer>
  );
}
