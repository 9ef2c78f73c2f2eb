import type {
  BankComment,
  BankCommentPage,
  CreateBankCommentBody,
  GradeAnswerBody,
  Gradebook,
  GradebookWeightsBody,
  InboxAnswer,
  InboxPage,
  ItemAnalysisReport,
  MyGrades,
  OverrideCellBody,
  OverrideHistory,
  Rubric,
} from '@lyceum/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth/token';

export const gradingKeys = {
  all: ['grading'] as const,
  inbox: (courseId: string) => ['grading', 'inbox', courseId] as const,
  bank: (q: string) => ['grading', 'comment-bank', q] as const,
  rubric: (id: string) => ['grading', 'rubric', id] as const,
  gradebook: (courseId: string, page: number) => ['grading', 'gradebook', courseId, page] as const,
};

const INBOX_PAGE = 100;

/** GET /api/grading/inbox for one course: every answer needing a person (graded ones too), oldest first. */
export function inboxQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: gradingKeys.inbox(courseId),
    queryFn: ({ signal }) =>
      apiRequest<InboxPage>(
        `/api/grading/inbox?courseId=${encodeURIComponent(courseId)}&status=all&pageSize=${INBOX_PAGE}`,
        { signal },
      ),
  });
}
export const useInbox = (courseId: string) => useQuery(inboxQueryOptions(courseId));

/** PUT /api/attempts/:id/answers/:questionId/grade → the graded answer; 409 when someone graded it since. */
export function useGradeAnswer(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { attemptId: string; questionId: string; body: GradeAnswerBody }) =>
      apiRequest<InboxAnswer>(
        `/api/attempts/${encodeURIComponent(input.attemptId)}/answers/${encodeURIComponent(input.questionId)}/grade`,
        { method: 'PUT', body: input.body },
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData<InboxPage>(gradingKeys.inbox(courseId), (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.attemptId === saved.attemptId && item.questionId === saved.questionId
                  ? {
                      ...item,
                      ...saved,
                      course: item.course,
                      assessment: item.assessment,
                      question: item.question,
                      student: item.student,
                    }
                  : item,
              ),
            }
          : page,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: gradingKeys.inbox(courseId) });
    },
  });
}

/** GET /api/me/comment-bank?q= → my saved comments. */
export function useCommentBank(q: string) {
  return useQuery({
    queryKey: gradingKeys.bank(q),
    queryFn: ({ signal }) =>
      apiRequest<BankCommentPage>(`/api/me/comment-bank?pageSize=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBankCommentBody) =>
      apiRequest<BankComment>('/api/me/comment-bank', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['grading', 'comment-bank'] }),
  });
}

export function useRubric(id: string | null) {
  return useQuery({
    queryKey: gradingKeys.rubric(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Rubric>(`/api/rubrics/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export const GRADEBOOK_PAGE_SIZE = 50;

export function useGradebook(courseId: string, page: number) {
  return useQuery({
    queryKey: gradingKeys.gradebook(courseId, page),
    queryFn: ({ signal }) =>
      apiRequest<Gradebook>(
        `/api/courses/${encodeURIComponent(courseId)}/gradebook?page=${page}&pageSize=${GRADEBOOK_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/courses/:id/gradebook.csv with the session's token, saved as a file by the browser. */
export async function downloadGradebookCsv(courseId: string): Promise<void> {
  const token = getStoredToken();
  const response = await fetch(`/api/courses/${encodeURIComponent(courseId)}/gradebook.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'The gradebook could not be exported');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `gradebook-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** GET /api/me/courses/:id/grades → my own gradebook row (released scores) and the course total. */
export function useMyGrades(courseId: string) {
  return useQuery({
    queryKey: ['grading', 'my-grades', courseId],
    queryFn: ({ signal }) => apiRequest<MyGrades>(`/api/me/courses/${encodeURIComponent(courseId)}/grades`, { signal }),
    retry: false,
  });
}

/** GET /api/courses/:id/assessments/:itemId/item-analysis */
export function useItemAnalysis(courseId: string, itemId: string) {
  return useQuery({
    queryKey: ['grading', 'item-analysis', courseId, itemId],
    queryFn: ({ signal }) =>
      apiRequest<ItemAnalysisReport>(
        `/api/courses/${encodeURIComponent(courseId)}/assessments/${encodeURIComponent(itemId)}/item-analysis`,
        { signal },
      ),
    retry: false,
  });
}

const cellUrl = (courseId: string, assessmentId: string, studentId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/gradebook/${encodeURIComponent(assessmentId)}/${encodeURIComponent(studentId)}`;

/** GET …/gradebook/:assessmentId/:studentId/overrides → the cell's override history, newest first. */
export function useOverrideHistory(courseId: string, assessmentId: string, studentId: string) {
  return useQuery({
    queryKey: ['grading', 'override-history', courseId, assessmentId, studentId],
    queryFn: ({ signal }) =>
      apiRequest<OverrideHistory>(`${cellUrl(courseId, assessmentId, studentId)}/overrides`, { signal }),
  });
}

/** POST …/override → sets (or clears, points null) the cell with a reason; answers the history. */
export function useOverrideCell(courseId: string, assessmentId: string, studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OverrideCellBody) =>
      apiRequest<OverrideHistory>(`${cellUrl(courseId, assessmentId, studentId)}/override`, { method: 'POST', body }),
    onSuccess: (history) => {
      queryClient.setQueryData(['grading', 'override-history', courseId, assessmentId, studentId], history);
      void queryClient.invalidateQueries({ queryKey: ['grading', 'gradebook', courseId] });
    },
  });
}

/** PUT /api/courses/:id/gradebook/weights */
export function useSaveWeights(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GradebookWeightsBody) =>
      apiRequest<Required<GradebookWeightsBody>>(`/api/courses/${encodeURIComponent(courseId)}/gradebook/weights`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['grading', 'gradebook', courseId] }),
  });
}
