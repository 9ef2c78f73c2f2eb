import type {
  Accommodation,
  AccommodationBody,
  Announcement,
  Assignment,
  CreateAssignmentBody,
  CreateClassBody,
  JoinedClass,
  TeacherClass,
  UpdateAssignmentBody,
  UpdateClassBody,
} from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys, invalidateClasses } from './query-keys';

const at = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

/** Every class mutation refreshes the class queries once it succeeded. */
function useClassMutation<V, R>(mutationFn: (vars: V) => Promise<R>, onDone?: (result: R, vars: V) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, vars) => {
      onDone?.(result, vars);
      void invalidateClasses(queryClient);
    },
  });
}

/** POST /api/classes → the new class with its access code. */
export function useCreateClass() {
  return useClassMutation((body: CreateClassBody) =>
    apiRequest<TeacherClass>('/api/classes', { method: 'POST', body }),
  );
}

/** PATCH /api/classes/:id → the class as changed (details, joining, archive). */
export function useUpdateClass(id: string) {
  const queryClient = useQueryClient();
  return useClassMutation(
    (body: UpdateClassBody) => apiRequest<TeacherClass>(at(id), { method: 'PATCH', body }),
    (cls) => queryClient.setQueryData(classKeys.teacherClass(id), cls),
  );
}

/** POST /api/classes/:id/code → the class with a new access code. */
export function useRotateCode(id: string) {
  const queryClient = useQueryClient();
  return useClassMutation(
    () => apiRequest<TeacherClass>(`${at(id)}/code`, { method: 'POST' }),
    (cls) => queryClient.setQueryData(classKeys.teacherClass(id), cls),
  );
}

/** POST /api/classes/:id/co-teachers. */
export function useAddCoTeacher(id: string) {
  return useClassMutation((email: string) =>
    apiRequest<TeacherClass>(`${at(id)}/co-teachers`, { method: 'POST', body: { email } }),
  );
}

/** DELETE /api/classes/:id/members/:studentId (enrolments and progress are kept). */
export function useRemoveMember(id: string) {
  return useClassMutation((studentId: string) =>
    apiRequest<null>(`${at(id)}/members/${encodeURIComponent(studentId)}`, { method: 'DELETE' }),
  );
}

/** PUT /api/classes/:id/members/:studentId/accommodation. */
export function useSetAccommodation(id: string) {
  return useClassMutation(({ studentId, body }: { studentId: string; body: AccommodationBody }) =>
    apiRequest<Accommodation>(`${at(id)}/members/${encodeURIComponent(studentId)}/accommodation`, {
      method: 'PUT',
      body,
    }),
  );
}

/** DELETE /api/classes/:id/members/:studentId/accommodation (the class-wide one, or one assignment's). */
export function useClearAccommodation(id: string) {
  return useClassMutation(({ studentId, assignmentId }: { studentId: string; assignmentId?: string | null }) =>
    apiRequest<null>(
      `${at(id)}/members/${encodeURIComponent(studentId)}/accommodation${
        assignmentId ? `?assignmentId=${encodeURIComponent(assignmentId)}` : ''
      }`,
      { method: 'DELETE' },
    ),
  );
}

/** POST /api/classes/:id/announcements. */
export function usePostAnnouncement(id: string) {
  return useClassMutation((body: { bodyHtml: string; emailNow: boolean }) =>
    apiRequest<Announcement>(`${at(id)}/announcements`, { method: 'POST', body }),
  );
}

/** POST /api/classes/:id/assignments. */
export function useCreateAssignment(id: string) {
  return useClassMutation((body: CreateAssignmentBody) =>
    apiRequest<Assignment>(`${at(id)}/assignments`, { method: 'POST', body }),
  );
}

/** PATCH /api/classes/:id/assignments/:assignmentId → the assignment with its new dates or learners. */
export function useUpdateAssignment(id: string) {
  return useClassMutation(({ assignmentId, body }: { assignmentId: string; body: UpdateAssignmentBody }) =>
    apiRequest<Assignment>(`${at(id)}/assignments/${encodeURIComponent(assignmentId)}`, { method: 'PATCH', body }),
  );
}

/** DELETE /api/classes/:id/assignments/:assignmentId. */
export function useDeleteAssignment(id: string) {
  return useClassMutation((assignmentId: string) =>
    apiRequest<null>(`${at(id)}/assignments/${encodeURIComponent(assignmentId)}`, { method: 'DELETE' }),
  );
}

/** POST /api/classes/join → the class joined (any case; wrong codes are limited: 429). */
export function useJoinClass() {
  return useClassMutation((code: string) =>
    apiRequest<JoinedClass>('/api/classes/join', { method: 'POST', body: { code } }),
  );
}

/** DELETE /api/student/classes/:id/membership. */
export function useLeaveClass() {
  return useClassMutation((id: string) =>
    apiRequest<null>(`/api/student/classes/${encodeURIComponent(id)}/membership`, { method: 'DELETE' }),
  );
}
