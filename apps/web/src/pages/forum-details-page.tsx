import { MESSAGES } from '@lyceum/contract/constants';
import { Anchor, Grid } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoginRedirect } from '../components/login-redirect';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';
import { HotQuestions } from '../features/forum/components/hot-questions';
import { QuestionDetails } from '../features/forum/components/question-details';
import { useAuth } from '../lib/auth/auth-context';

/** Spec §2 Forum details; spec §6: without a token, "login first" and the login screen (then back here). */
export function ForumDetailsPage() {
  const { id = '' } = useParams();
  const { state } = useAuth();

  if (!state.isAuthenticated) {
    return (
      <PageContainer>
        <LoginRedirect message={MESSAGES.loginFirst} title="Log in to read this discussion" />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Anchor component={Link} to={paths.forum.href()} size="sm" fw={600} mb="md" display="inline-flex">
        <IconArrowLeft size={16} aria-hidden style={{ marginRight: 6, alignSelf: 'center' }} />
        Back to the forum
      </Anchor>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <QuestionDetails key={id} id={id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HotQuestions />
        </Grid.Col>
      </Grid>
    </PageContainer>
  );
}
