import type { MessageStudentsBody, MessageStudentsResult, TeacherHome, TeacherHomeSettings } from '@lyceum/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/me/teacher-home → what needs the teacher now (issue 49 point 3, ADR 061). */
export function getTeacherHome(signal?: AbortSignal): Promise<TeacherHome> {
  return apiRequest<TeacherHome>('/api/me/teacher-home', { signal });
}

export const teacherHomeQueryOptions = () =>
  queryOptions({ queryKey: ['teacher-home'], queryFn: ({ signal }) => getTeacherHome(signal) });

export function useTeacherHome() {
  return useQuery(teacherHomeQueryOptions());
}

/** POST /api/classes/:id/messages: a notification to chosen students of the class. */
export function useMessageStudents(classId: string) {
  return useMutation({
    mutationFn: (body: MessageStudentsBody) =>
      apiRequest<MessageStudentsResult>(`/api/classes/${encodeURIComponent(classId)}/messages`, {
        method: 'POST',
        body,
      }),
  });
}

/** PUT /api/me/teacher-home/settings: the teacher's own at-risk thresholds; the home is read again with them. */
export function useSaveTeacherHomeSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeacherHomeSettings) =>
      apiRequest<TeacherHomeSettings>('/api/me/teacher-home/settings', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teacherHomeQueryOptions().queryKey }),
  });
}
