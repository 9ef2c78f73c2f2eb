import type {
  BankQuestionPage,
  CopyRubricBody,
  CreateRubricBody,
  Gradebook,
  MyRubricPage,
  Rubric,
  RubricPage,
  UpdateRubricBody,
} from '@lyceum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { gradingKeys } from './grading';

export const RUBRICS_PAGE_SIZE = 50;

export const rubricKeys = {
  course: (courseId: string) => ['grading', 'rubrics', courseId] as const,
  coursePage: (courseId: string, page: number) => ['grading', 'rubrics', courseId, page] as const,
  mine: (excludeCourseId: string, q: string) => ['grading', 'my-rubrics', excludeCourseId, q] as const,
  targets: (courseId: string) => ['grading', 'rubric-targets', courseId] as const,
};

/** GET /api/courses/:id/rubrics → a page of the course's rubrics, last changed first. */
export function useCourseRubrics(courseId: string, page: number) {
  return useQuery({
    queryKey: rubricKeys.coursePage(courseId, page),
    queryFn: ({ signal }) =>
      apiRequest<RubricPage>(
        `/api/courses/${encodeURIComponent(courseId)}/rubrics?page=${page}&pageSize=${RUBRICS_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/rubrics → the rubrics of my other courses (to copy one into this course). */
export function useMyOtherRubrics(courseId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: rubricKeys.mine(courseId, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ pageSize: '50', excludeCourseId: courseId });
      if (q) params.set('q', q);
      return apiRequest<MyRubricPage>(`/api/me/rubrics?${params.toString()}`, { signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** What a rubric can be attached to in a course: its essay questions and its assignments. */
export interface RubricTargets {
  essays: { id: string; title: string; points: number }[];
  assignments: { id: string; title: string; points: number }[];
}

/**
 * The course's essay questions (GET /api/courses/:id/questions?type=essay, the first 100) and assignments (the
 * gradebook's columns of kind assignment, in curriculum order).
 */
export function useRubricTargets(courseId: string) {
  return useQuery({
    queryKey: rubricKeys.targets(courseId),
    queryFn: async ({ signal }): Promise<RubricTargets> => {
      const id = encodeURIComponent(courseId);
      const [questions, book] = await Promise.all([
        apiRequest<BankQuestionPage>(`/api/courses/${id}/questions?type=essay&pageSize=100`, { signal }),
        apiRequest<Gradebook>(`/api/courses/${id}/gradebook?page=1&pageSize=1`, { signal }),
      ]);
      return {
        essays: questions.items.map((q) => ({ id: q.id, title: q.title, points: q.points })),
        assignments: book.columns
          .filter((c) => c.kind === 'assignment')
          .map((c) => ({ id: c.assessmentId, title: c.title, points: c.points })),
      };
    },
    staleTime: 30_000,
  });
}

function useRubricSaved(courseId: string) {
  const queryClient = useQueryClient();
  return (rubric: Rubric) => {
    queryClient.setQueryData(gradingKeys.rubric(rubric.id), rubric);
    void queryClient.invalidateQueries({ queryKey: rubricKeys.course(courseId) });
    void queryClient.invalidateQueries({ queryKey: ['grading', 'my-rubrics'] });
    // The inbox shows a question's rubric: a rubric attached or detached changes what it offers.
    void queryClient.invalidateQueries({ queryKey: gradingKeys.inboxes });
  };
}

/** POST /api/courses/:id/rubrics */
export function useCreateRubric(courseId: string) {
  const saved = useRubricSaved(courseId);
  return useMutation({
    mutationFn: (body: CreateRubricBody) =>
      apiRequest<Rubric>(`/api/courses/${encodeURIComponent(courseId)}/rubrics`, { method: 'POST', body }),
    onSuccess: saved,
  });
}

/** PATCH /api/rubrics/:id — 409 when someone changed it since it was loaded. */
export function useUpdateRubric(courseId: string) {
  const saved = useRubricSaved(courseId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateRubricBody }) =>
      apiRequest<Rubric>(`/api/rubrics/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: saved,
  });
}

/** POST /api/rubrics/:id/copy — a duplicate here, or (with `courseId`) a copy from another course into this one. */
export function useCopyRubric(courseId: string) {
  const saved = useRubricSaved(courseId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CopyRubricBody }) =>
      apiRequest<Rubric>(`/api/rubrics/${encodeURIComponent(id)}/copy`, { method: 'POST', body }),
    onSuccess: saved,
  });
}

/** DELETE /api/rubrics/:id */
export function useDeleteRubric(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/rubrics/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: gradingKeys.rubric(id) });
      void queryClient.invalidateQueries({ queryKey: rubricKeys.course(courseId) });
      void queryClient.invalidateQueries({ queryKey: ['grading', 'my-rubrics'] });
      void queryClient.invalidateQueries({ queryKey: gradingKeys.inboxes });
    },
  });
}
