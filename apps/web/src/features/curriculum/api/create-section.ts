import type { CreateSectionBody, Section } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCurriculum } from './query-keys';

/** POST /api/courses/:id/sections (the course's teacher, admins) → 201 the new section, last in the course. */
export function useCreateSection(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSectionBody) =>
      apiRequest<Section>(`/api/courses/${encodeURIComponent(courseId)}/sections`, { method: 'POST', body }),
    onSuccess: () => void invalidateCurriculum(queryClient),
  });
}
