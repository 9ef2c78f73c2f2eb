import type {
  Assessment,
  CreateAssessmentBody,
  PublishAssessmentBody,
  ReplacePartsBody,
  UpdateAssessmentBody,
} from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assessmentKeys, courseAssessmentUrl, invalidateAssessments } from './assessment-keys';

/** POST /api/courses/:id/sections/:sectionId/assessments → 201 the new draft assessment, last in the section. */
export function createAssessment(courseId: string, sectionId: string, body: CreateAssessmentBody) {
  return apiRequest<Assessment>(
    `/api/courses/${encodeURIComponent(courseId)}/sections/${encodeURIComponent(sectionId)}/assessments`,
    { method: 'POST', body },
  );
}

export function useCreateAssessment(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sectionId: string; body: CreateAssessmentBody }) =>
      createAssessment(courseId, input.sectionId, input.body),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** The authoring writes: each answers the whole assessment, which becomes the cached one. */
function useAssessmentWrite<Body>(courseId: string, itemId: string, send: (body: Body) => Promise<Assessment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (assessment) => {
      queryClient.setQueryData(assessmentKeys.authoring(courseId, itemId), assessment);
      // The outline shows the item's title and draft state.
      void queryClient.invalidateQueries({ queryKey: ['curriculum'] });
      void invalidateAssessments(queryClient);
    },
  });
}

/** PATCH /api/courses/:id/assessments/:itemId with the version read → the assessment; 409 when stale. */
export function useUpdateAssessment(courseId: string, itemId: string) {
  return useAssessmentWrite(courseId, itemId, (body: UpdateAssessmentBody) =>
    apiRequest<Assessment>(courseAssessmentUrl(courseId, itemId), { method: 'PATCH', body }),
  );
}

/** PUT /api/courses/:id/assessments/:itemId/parts → the assessment with its new parts. */
export function useReplaceParts(courseId: string, itemId: string) {
  return useAssessmentWrite(courseId, itemId, (body: ReplacePartsBody) =>
    apiRequest<Assessment>(`${courseAssessmentUrl(courseId, itemId)}/parts`, { method: 'PUT', body }),
  );
}

/** POST /api/courses/:id/assessments/:itemId/publish → the assessment, published or back to draft. */
export function usePublishAssessment(courseId: string, itemId: string) {
  return useAssessmentWrite(courseId, itemId, (body: PublishAssessmentBody) =>
    apiRequest<Assessment>(`${courseAssessmentUrl(courseId, itemId)}/publish`, { method: 'POST', body }),
  );
}
