import type {
  AssessmentStartInfo,
  AttemptForStudent,
  MyAttemptPage,
  SaveAnswerResult,
  StartAttemptBody,
  SubmitAttemptResult,
} from '@lyceum/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { getStoredToken } from '@/lib/auth/token';
import { assessmentKeys, attemptUrl, courseAssessmentUrl, invalidateAssessments } from './assessment-keys';

/** GET /api/courses/:id/assessments/:itemId/start → rules, the learner's window, attempts left, an attempt to resume. */
export function useStartInfo(courseId: string, itemId: string) {
  const { state } = useAuth();
  return useQuery(
    queryOptions({
      queryKey: assessmentKeys.start(courseId, itemId, state.user?.id ?? null),
      queryFn: ({ signal }) =>
        apiRequest<AssessmentStartInfo>(`${courseAssessmentUrl(courseId, itemId)}/start`, { signal }),
      retry: false,
    }),
  );
}

/** POST /api/courses/:id/assessments/:itemId/attempts → a new attempt (201) or the one in progress (200). */
export function useStartAttempt(courseId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAttemptBody) =>
      apiRequest<AttemptForStudent>(`${courseAssessmentUrl(courseId, itemId)}/attempts`, { method: 'POST', body }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(assessmentKeys.attempt(attempt.id), attempt);
      void invalidateAssessments(queryClient);
    },
  });
}

/** GET /api/attempts/:id → the attempt with its saved answers and the server's remaining time. */
export function useAttempt(attemptId: string) {
  return useQuery(
    queryOptions({
      queryKey: assessmentKeys.attempt(attemptId),
      queryFn: ({ signal }) => apiRequest<AttemptForStudent>(attemptUrl(attemptId), { signal }),
      retry: false,
      // The page keeps its own copy of the answers while it is open: a background refetch must not undo typing.
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    }),
  );
}

const answerUrl = (attemptId: string, questionId: string) =>
  `${attemptUrl(attemptId)}/answers/${encodeURIComponent(questionId)}`;

/**
 * PUT /api/attempts/:id/answers/:questionId → when it was saved, the server's remaining time, and whether it was
 * applied (`seq`, ADR 059: a resend or an older answer than the one stored is answered but not applied).
 */
export function saveAnswer(attemptId: string, questionId: string, response: unknown, seq?: number) {
  return apiRequest<SaveAnswerResult>(answerUrl(attemptId, questionId), {
    method: 'PUT',
    body: seq === undefined ? { response } : { response, seq },
  });
}

/**
 * The same save sent while the page goes away (`pagehide`): `keepalive` lets it finish after the tab closed
 * (sendBeacon cannot PUT nor carry the token). Nobody reads the answer; the answer stays queued in IndexedDB
 * until a page of the attempt sees it confirmed, so a lost one is sent again.
 */
export function saveAnswerAtExit(attemptId: string, questionId: string, response: unknown, seq: number): void {
  const token = getStoredToken();
  try {
    void fetch(answerUrl(attemptId, questionId), {
      method: 'PUT',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ response, seq }),
    }).catch(() => undefined);
  } catch {
    // Over the browser's keepalive budget (64 KB in flight): the queue sends it when the attempt is opened again.
  }
}

/** POST /api/attempts/:id/submit → the receipt and the result as released (idempotent). */
export function useSubmitAttempt(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SubmitAttemptResult>(`${attemptUrl(attemptId)}/submit`, { method: 'POST' }),
    onSuccess: () => void invalidateAssessments(queryClient),
  });
}

export const MY_ATTEMPTS_PAGE_SIZE = 20;

/** GET /api/me/quiz-attempts → the caller's attempts across courses, newest first. */
export function useMyAttempts(page: number) {
  const { state } = useAuth();
  return useQuery({
    queryKey: assessmentKeys.myAttempts(state.user?.id ?? null, page),
    queryFn: ({ signal }) =>
      apiRequest<MyAttemptPage>(`/api/me/quiz-attempts?page=${page}&pageSize=${MY_ATTEMPTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
