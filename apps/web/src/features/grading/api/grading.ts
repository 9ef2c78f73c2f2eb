import type {
  BankComment,
  BankCommentPage,
  CreateBankCommentBody,
  GradeAnswerBody,
  GradeConflict,
  Gradebook,
  GradebookWeightsBody,
  InboxAnswer,
  InboxOrder,
  InboxPage,
  InboxQuery,
  ItemAnalysisReport,
  MyGrades,
  OverrideCellBody,
  OverrideHistory,
  Rubric,
} from '@lyceum/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiRequest, ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

export const gradingKeys = {
  all: ['grading'] as const,
  inboxes: ['grading', 'inbox'] as const,
  inbox: (courseId: string, by: InboxOrder, filters: InboxFilters = ALL_ANSWERS) =>
    ['grading', 'inbox', courseId, by, filters.assessmentId, filters.status] as const,
  /** Every filtered list of one course in one order (a grade changes them all). */
  inboxOrder: (courseId: string, by: InboxOrder) => ['grading', 'inbox', courseId, by] as const,
  bank: (q: string) => ['grading', 'comment-bank', q] as const,
  rubric: (id: string) => ['grading', 'rubric', id] as const,
  gradebook: (courseId: string, page: number) => ['grading', 'gradebook', courseId, page] as const,
};

export const INBOX_PAGE = 100;

/** The inbox's filters (the API's `assessmentId` and `status`): '' is every assessment. */
export interface InboxFilters {
  assessmentId: string;
  status: InboxQuery['status'];
}
export const ALL_ANSWERS: InboxFilters = { assessmentId: '', status: 'all' };

/**
 * GET /api/grading/inbox: every answer needing a person (graded ones too), by question or by student, in pages of
 * 100 followed by the server's cursor. `courseId` '' = every course the caller may grade (admins: all).
 */
export function inboxQueryOptions(courseId: string, by: InboxOrder, filters: InboxFilters = ALL_ANSWERS) {
  return infiniteQueryOptions({
    queryKey: gradingKeys.inbox(courseId, by, filters),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ status: filters.status, by, pageSize: String(INBOX_PAGE) });
      if (courseId) params.set('courseId', courseId);
      if (filters.assessmentId) params.set('assessmentId', filters.assessmentId);
      if (pageParam) params.set('after', pageParam);
      return apiRequest<InboxPage>(`/api/grading/inbox?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
export const useInbox = (courseId: string, by: InboxOrder, filters: InboxFilters = ALL_ANSWERS) =>
  useInfiniteQuery({ ...inboxQueryOptions(courseId, by, filters), placeholderData: keepPreviousData });

/**
 * The course's assessments, for the inbox's assessment filter: the gradebook's columns (curriculum order), read
 * from its first page of one student.
 */
export function useInboxAssessments(courseId: string) {
  return useQuery({
    queryKey: ['grading', 'inbox-assessments', courseId],
    queryFn: ({ signal }) =>
      apiRequest<Gradebook>(`/api/courses/${encodeURIComponent(courseId)}/gradebook?page=1&pageSize=1`, { signal }),
    select: (book) => book.columns.map((c) => ({ value: c.assessmentId, label: c.title })),
    enabled: Boolean(courseId),
    staleTime: 60_000,
  });
}

/** PUT /api/attempts/:id/answers/:questionId/grade → the graded answer; 409 when someone graded it since. */
export function useGradeAnswer(courseId: string, by: InboxOrder, filters: InboxFilters = ALL_ANSWERS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { attemptId: string; questionId: string; body: GradeAnswerBody }) =>
      apiRequest<InboxAnswer>(
        `/api/attempts/${encodeURIComponent(input.attemptId)}/answers/${encodeURIComponent(input.questionId)}/grade`,
        { method: 'PUT', body: input.body },
      ),
    onSuccess: (saved) => keepGrade(saved),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      // Someone graded it since: their grade, from the 409 itself, goes into the list (the open answer keeps the
      // grader's own fields beside it); without it the list is read again.
      const current = gradeConflictOf(error);
      if (current) keepGrade(current);
      else void queryClient.invalidateQueries({ queryKey: gradingKeys.inbox(courseId, by, filters) });
    },
  });

  function keepGrade(saved: InboxAnswer) {
    queryClient.setQueryData<InfiniteData<InboxPage>>(gradingKeys.inbox(courseId, by, filters), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
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
            })),
          }
        : data,
    );
    // The other order's lists, and this order's other filters, are read again when they are opened.
    void queryClient.invalidateQueries({
      queryKey: gradingKeys.inboxOrder(courseId, by === 'student' ? 'question' : 'student'),
    });
    void queryClient.invalidateQueries({
      queryKey: gradingKeys.inboxOrder(courseId, by),
      predicate: (query) => query.queryKey[4] !== filters.assessmentId || query.queryKey[5] !== filters.status,
    });
  }
}

/** The grade someone saved meanwhile, from a grading 409 (GradeConflict); null for any other error. */
export function gradeConflictOf(error: unknown): InboxAnswer | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as GradeConflict | undefined;
  return body?.current ?? null;
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
export function downloadGradebookCsv(courseId: string): Promise<string> {
  return downloadFile(
    `/api/courses/${encodeURIComponent(courseId)}/gradebook.csv`,
    'text/csv',
    `gradebook-${new Date().toISOString().slice(0, 10)}.csv`,
  );
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
