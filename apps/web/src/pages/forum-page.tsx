import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Center, Grid, Loader, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';
import { useQuestions } from '../features/forum/api/get-questions';
import { invalidateForum } from '../features/forum/api/query-keys';
import { ForumFilters } from '../features/forum/components/forum-filters';
import { HotQuestions } from '../features/forum/components/hot-questions';
import { QuestionList } from '../features/forum/components/question-list';
import { useForumFilters } from '../features/forum/hooks/use-forum-filters';
import { useForumViewer } from '../features/forum/hooks/use-forum-viewer';
import { notifyInfo } from '../lib/notify';
import { useHasBeenTrue } from '../lib/use-has-been-true';

// Fetched when a visitor first asks a question: the form (tags input, validation) and the confirmation modal are
// not part of the list's first download.
const AskQuestionForm = lazy(async () => ({
  default: (await import('../features/forum/components/ask-question-form')).AskQuestionForm,
}));
const SuccessModal = lazy(async () => ({ default: (await import('../components/success-modal')).SuccessModal }));

/** Spec §2 Forum list: search, tag filter, sort and pages, or — in place of the list — the ask form. */
export function ForumPage() {
  const viewer = useForumViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const filters = useForumFilters();
  const [asking, setAsking] = useState(false);
  const [posted, setPosted] = useState(false);
  const successModalNeeded = useHasBeenTrue(posted);
  // Where focus goes back to when the ask form closes or its success modal does (the form's buttons are gone).
  const askButtonRef = useRef<HTMLButtonElement>(null);
  const returnToAskButton = useRef(false);
  // Shares the list's cache entry: the tags on this page become the tag filter's suggestions.
  const tagOptions = [...new Set(useQuestions(filters.params).data?.items.flatMap((item) => item.tags) ?? [])];

  // Spec §4: list mode or ask mode; the list reloads on each toggle.
  const toggleAsking = (next: boolean) => {
    setAsking(next);
    returnToAskButton.current = !next;
    invalidateForum(queryClient);
  };

  const askButton =
    !asking && (viewer.canPost || !viewer.user) ? (
      <Button
        ref={(element) => {
          askButtonRef.current = element;
          if (element && returnToAskButton.current) {
            returnToAskButton.current = false;
            element.focus();
          }
        }}
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => {
          if (!viewer.user) {
            notifyInfo(MESSAGES.loginFirst, 'forum-ask-login-first');
            void navigate(paths.login.href(), {
              state: { from: `${location.pathname}${location.search}` },
            });
            return;
          }
          toggleAsking(true);
        }}
      >
        Ask a Question
      </Button>
    ) : null;

  return (
    <PageContainer>
      <PageHeader
        title="Q & A Discussions"
        description="Ask the community, share what you know, and find answers from students and teachers."
        actions={askButton}
      />
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {asking ? (
            <Suspense fallback={<FormLoading />}>
              <AskQuestionForm
                onCancel={() => toggleAsking(false)}
                onPosted={() => {
                  toggleAsking(false);
                  setPosted(true);
                }}
              />
            </Suspense>
          ) : (
            <>
              <ForumFilters
                q={filters.q}
                tag={filters.tag}
                sort={filters.sort}
                tagOptions={tagOptions}
                onChange={filters.update}
              />
              <QuestionList
                params={filters.params}
                onPageChange={(page) => filters.update({ page })}
                onClearFilters={() => filters.update({ q: '', tag: '', sort: 'newest' })}
              />
            </>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HotQuestions />
        </Grid.Col>
      </Grid>
      {successModalNeeded ? (
        <Suspense fallback={null}>
          <SuccessModal
            opened={posted}
            title={MESSAGES.questionPostedTitle}
            message={MESSAGES.postedBody}
            onContinue={() => setPosted(false)}
            returnFocusRef={askButtonRef}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}

function FormLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
      <VisuallyHidden>Loading the question form…</VisuallyHidden>
    </Center>
  );
}
