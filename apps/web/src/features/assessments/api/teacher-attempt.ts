import type { GradeAnswerBody, GradeConflict, InboxAnswer, TeacherAttempt } from '@lyceum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { assessmentKeys, courseAssessmentUrl } from './assessment-keys';

const teacherAttemptKey = (courseId: string, itemId: string, attemptId: string) =>
  [...assessmentKeys.all, 'teacher-attempt', courseId, itemId, attemptId] as const;

/** GET /api/courses/:id/assessments/:itemId/attempts/:attemptId → one student's attempt with everything (teachers). */
export function useTeacherAttempt(courseId: string, itemId: string, attemptId: string) {
  return useQuery({
    queryKey: teacherAttemptKey(courseId, itemId, attemptId),
    queryFn: ({ signal }) =>
      apiRequest<TeacherAttempt>(`${courseAssessmentUrl(courseId, itemId)}/attempts/${encodeURIComponent(attemptId)}`, {
        signal,
      }),
    retry: false,
  });
}

/**
 * PUT /api/attempts/:id/answers/:questionId/grade — the grading route, called from the attempt's page: the saved
 * grade (or, on a 409, the one someone saved meanwhile) and the attempt read again for its scores and timing log.
 */
export function useGradeInPlace(courseId: string, itemId: string, attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: string; body: GradeAnswerBody }) =>
      apiRequest<InboxAnswer>(
        `/api/attempts/${encodeURIComponent(attemptId)}/answers/${encodeURIComponent(input.questionId)}/grade`,
        { method: 'PUT', body: input.body },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teacherAttemptKey(courseId, itemId, attemptId) });
      // The attempts log shows the attempt's score and status.
      void queryClient.invalidateQueries({ queryKey: [...assessmentKeys.all, 'attempt-log', courseId, itemId] });
    },
  });
}

/** The grade someone else saved since the answer was loaded, from a 409 of the grading route. */
export function gradeConflictOf(error: unknown): InboxAnswer | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as GradeConflict | undefined)?.current ?? null;
}
