import { Tabs } from '@mantine/core';
import { IconMessageQuestion, IconMessages } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { parsePage } from '@/lib/search-params';
import { MyPosts } from './my-posts';

type AreaTab = 'questions' | 'answers';

/**
 * Spec §2 "Question and Answer": tabs Questions and Answers over the viewer's own posts.
 * The tab and page are in the query string (`?tab=answers&page=2`), so Back and reload keep them.
 */
export function QuestionAnswerArea() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AreaTab = searchParams.get('tab') === 'answers' ? 'answers' : 'questions';
  const page = parsePage(searchParams.get('page'));

  const show = (nextTab: AreaTab, nextPage = 1) => {
    const next = new URLSearchParams();
    if (nextTab !== 'questions') next.set('tab', nextTab);
    if (nextPage > 1) next.set('page', String(nextPage));
    setSearchParams(next);
  };

  return (
    <Tabs value={tab} onChange={(value) => show(value === 'answers' ? 'answers' : 'questions')} keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="questions" leftSection={<IconMessageQuestion size={18} aria-hidden />}>
          Questions
        </Tabs.Tab>
        <Tabs.Tab value="answers" leftSection={<IconMessages size={18} aria-hidden />}>
          Answers
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="questions">
        <MyPosts variant="questions" page={page} onPageChange={(next) => show('questions', next)} />
      </Tabs.Panel>
      <Tabs.Panel value="answers">
        <MyPosts variant="answers" page={page} onPageChange={(next) => show('answers', next)} />
      </Tabs.Panel>
    </Tabs>
  );
}
