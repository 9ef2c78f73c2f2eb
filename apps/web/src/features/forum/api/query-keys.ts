import type { QuestionDetail, QuestionSort } from '@lyceum/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What the forum list is asked for; absent filters are left out so equal lists share one cache entry. */
export interface QuestionListParams {
  q?: string;
  tag?: string;
  sort: QuestionSort;
  page: number;
}

/**
 * Every forum query lives under `['forum']`, so a write can mark all of them stale at once.
 * Reads that carry the caller's own vote are keyed by the viewer as well.
 */
export const forumKeys = {
  all: ['forum'] as const,
  lists: () => [...forumKeys.all, 'list'] as const,
  list: (params: QuestionListParams) => [...forumKeys.lists(), params] as const,
  hot: () => [...forumKeys.all, 'hot'] as const,
  similar: (draft: string) => [...forumKeys.all, 'similar', draft] as const,
  details: () => [...forumKeys.all, 'detail'] as const,
  detail: (id: string, viewerId: string | null) => [...forumKeys.details(), id, viewerId] as const,
  mine: () => [...forumKeys.all, 'mine'] as const,
  myQuestions: (viewerId: string, page: number) => [...forumKeys.mine(), 'questions', viewerId, page] as const,
  myAnswers: (viewerId: string, page: number) => [...forumKeys.mine(), 'answers', viewerId, page] as const,
};

/** After a write: every forum list, Hot today and the "mine" pages are stale; open questions too unless told. */
export function invalidateForum(queryClient: QueryClient, options: { keepDetails?: boolean } = {}): void {
  void queryClient.invalidateQueries({
    queryKey: forumKeys.all,
    predicate: (query) => !(options.keepDetails && query.queryKey[1] === forumKeys.details()[1]),
  });
}

/** Applies `update` to every cached copy (one per viewer) of a question's details. */
export function updateCachedQuestion(
  queryClient: QueryClient,
  questionId: string,
  update: (question: QuestionDetail) => QuestionDetail,
): void {
  queryClient.setQueriesData<QuestionDetail>({ queryKey: [...forumKeys.details(), questionId] }, (old) =>
    old ? update(old) : old,
  );
}
