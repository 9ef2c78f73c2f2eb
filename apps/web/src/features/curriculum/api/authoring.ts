import type {
  Attachment,
  CreateLessonBody,
  CreateSectionBody,
  Curriculum,
  Lesson,
  MoveItemBody,
  Section,
  UpdateCurriculumBody,
  UpdateLessonBody,
  UpdateSectionBody,
} from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCurriculum } from './query-keys';

const course = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;
const part = (id: string) => encodeURIComponent(id);

/** The curriculum's authoring calls (the course's teacher and admins), as the server's routes take them. */
export const authoringApi = {
  settings: (courseId: string, body: UpdateCurriculumBody) =>
    apiRequest<Curriculum>(`${course(courseId)}/curriculum`, { method: 'PATCH', body }),
  createSection: (courseId: string, body: CreateSectionBody) =>
    apiRequest<Section>(`${course(courseId)}/sections`, { method: 'POST', body }),
  updateSection: (courseId: string, sectionId: string, body: UpdateSectionBody) =>
    apiRequest<Section>(`${course(courseId)}/sections/${part(sectionId)}`, { method: 'PATCH', body }),
  deleteSection: (courseId: string, sectionId: string) =>
    apiRequest<null>(`${course(courseId)}/sections/${part(sectionId)}`, { method: 'DELETE' }),
  moveSection: (courseId: string, sectionId: string, position: number) =>
    apiRequest<Section>(`${course(courseId)}/sections/${part(sectionId)}/move`, {
      method: 'POST',
      body: { position },
    }),
  createLesson: (courseId: string, sectionId: string, body: CreateLessonBody) =>
    apiRequest<Lesson>(`${course(courseId)}/sections/${part(sectionId)}/lessons`, { method: 'POST', body }),
  updateLesson: (courseId: string, itemId: string, body: UpdateLessonBody) =>
    apiRequest<Lesson>(`${course(courseId)}/lessons/${part(itemId)}`, { method: 'PATCH', body }),
  deleteItem: (courseId: string, itemId: string) =>
    apiRequest<null>(`${course(courseId)}/items/${part(itemId)}`, { method: 'DELETE' }),
  moveItem: (courseId: string, itemId: string, body: MoveItemBody) =>
    apiRequest<Lesson>(`${course(courseId)}/items/${part(itemId)}/move`, { method: 'POST', body }),
  duplicateItem: (courseId: string, itemId: string) =>
    apiRequest<Lesson>(`${course(courseId)}/items/${part(itemId)}/duplicate`, { method: 'POST' }),
  uploadAttachment: (courseId: string, itemId: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return apiRequest<Attachment>(`${course(courseId)}/lessons/${part(itemId)}/attachments`, { method: 'POST', body });
  },
  deleteAttachment: (courseId: string, itemId: string, attachmentId: string) =>
    apiRequest<null>(`${course(courseId)}/lessons/${part(itemId)}/attachments/${part(attachmentId)}`, {
      method: 'DELETE',
    }),
};

/**
 * A curriculum change: runs `call`, then refreshes every curriculum answer (the editor's, the outline's, the
 * player's) and the course lists whose progress figures a change of the published curriculum moves.
 */
export function useAuthoring<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void invalidateCurriculum(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
