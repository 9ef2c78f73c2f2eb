import type {
  Announcement,
  ClassGrade,
  GuardianAcceptBody,
  GuardianChild,
  GuardianChildOverview,
  GuardianChildren,
  GuardianInvitation,
  GuardianRegisterBody,
  GuardianSummarySettings,
  LinkedGuardians,
  MessageResponse,
  MyGuardians,
  RegisterResponse,
  StudentAttendance,
  StudentDateOfBirth,
} from '@lyceum/contract';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* Guardians (issue 52, ADR 060): the guardian's reads, the invitation's two ways in, the school's and the student's lists. */

const id = encodeURIComponent;

export const guardianKeys = {
  children: () => ['guardians', 'children'] as const,
  overview: (studentId: string) => ['guardians', 'overview', studentId] as const,
  ofStudent: (studentId: string) => ['guardians', 'of-student', studentId] as const,
  mine: () => ['guardians', 'mine'] as const,
  grades: (studentId: string, classId: string) => ['guardians', 'grades', studentId, classId] as const,
  announcements: (studentId: string, classId: string) => ['guardians', 'announcements', studentId, classId] as const,
  attendance: (studentId: string, from: string, to: string) =>
    ['guardians', 'attendance', studentId, from, to] as const,
  summarySettings: () => ['guardians', 'summary-settings'] as const,
  dateOfBirth: (studentId: string) => ['guardians', 'date-of-birth', studentId] as const,
};

/** The contract's page envelope (pageOf). */
interface Page<T> {
  items: T[];
  total: number;
}

/** Released grades read per class: one page of this many of the class's assignments (the server's largest page). */
export const GRADES_PAGE_SIZE = 100;
/** The newest announcements shown per class. */
export const ANNOUNCEMENTS_SHOWN = 3;

const childClass = (studentId: string, classId: string, part: 'grades' | 'announcements', pageSize: number) =>
  `/api/guardian/children/${id(studentId)}/classes/${id(classId)}/${part}?pageSize=${pageSize}`;

/** GET …/classes/:classId/grades for each of the child's classes: released scores only (the server leaves out the rest). */
export function useChildGrades(studentId: string, classIds: readonly string[]) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: guardianKeys.grades(studentId, classId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<Page<ClassGrade>>(childClass(studentId, classId, 'grades', GRADES_PAGE_SIZE), { signal }),
    })),
  });
}

/** GET …/classes/:classId/announcements for each of the child's classes: the newest few, the class stream only. */
export function useChildAnnouncements(studentId: string, classIds: readonly string[]) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: guardianKeys.announcements(studentId, classId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<Page<Announcement>>(childClass(studentId, classId, 'announcements', ANNOUNCEMENTS_SHOWN), {
          signal,
        }),
    })),
  });
}

/** GET /api/guardian/children/:studentId/attendance?from&to: per class, the summary and the sessions' records. */
export function useChildAttendance(studentId: string, from: string, to: string) {
  return useQuery({
    queryKey: guardianKeys.attendance(studentId, from, to),
    queryFn: ({ signal }) =>
      apiRequest<StudentAttendance>(
        `/api/guardian/children/${id(studentId)}/attendance?${new URLSearchParams({ from, to }).toString()}`,
        { signal },
      ),
  });
}

/** GET /api/guardian/summary-settings: the weekly summary on or off, and the children muted. */
export function useSummarySettings() {
  return useQuery({
    queryKey: guardianKeys.summarySettings(),
    queryFn: ({ signal }) => apiRequest<GuardianSummarySettings>('/api/guardian/summary-settings', { signal }),
  });
}

/** PUT /api/guardian/summary-settings: saved as a whole; the answer (as stored) replaces the cached settings. */
export function useSaveSummarySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianSummarySettings) =>
      apiRequest<GuardianSummarySettings>('/api/guardian/summary-settings', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(guardianKeys.summarySettings(), saved),
  });
}

/** GET /api/guardian/children: the signed-in guardian's children. */
export const guardianChildrenQueryOptions = () =>
  queryOptions({
    queryKey: guardianKeys.children(),
    queryFn: ({ signal }) => apiRequest<GuardianChildren>('/api/guardian/children', { signal }),
  });

export function useGuardianChildren() {
  return useQuery(guardianChildrenQueryOptions());
}

/** GET /api/guardian/children/:studentId/overview: a linked child's classes and work due (404 for anyone else). */
export function useChildOverview(studentId: string) {
  return useQuery({
    queryKey: guardianKeys.overview(studentId),
    queryFn: ({ signal }) =>
      apiRequest<GuardianChildOverview>(`/api/guardian/children/${id(studentId)}/overview`, { signal }),
  });
}

/** POST /api/auth/guardian-registration: a new guardian account through an invitation (no session yet). */
export function useGuardianRegistration() {
  return useMutation({
    mutationFn: (body: GuardianRegisterBody) =>
      apiRequest<RegisterResponse>('/api/auth/guardian-registration', { method: 'POST', body, auth: false }),
  });
}

/** POST /api/guardian/invitations/accept: a signed-in guardian links the invitation's child. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianAcceptBody) =>
      apiRequest<GuardianChild>('/api/guardian/invitations/accept', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: guardianKeys.children() }),
  });
}

/** GET /api/students/:studentId/guardians: the school's view of a student's guardians. */
export function useStudentGuardians(studentId: string, enabled = true) {
  return useQuery({
    queryKey: guardianKeys.ofStudent(studentId),
    queryFn: ({ signal }) => apiRequest<LinkedGuardians>(`/api/students/${id(studentId)}/guardians`, { signal }),
    enabled,
  });
}

/** POST /api/students/:studentId/guardian-invitations: a class teacher or an admin invites by e-mail. */
export function useInviteGuardian(studentId: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<GuardianInvitation>(`/api/students/${id(studentId)}/guardian-invitations`, {
        method: 'POST',
        body: { email },
      }),
  });
}

/** DELETE /api/students/:studentId/guardians/:guardianId: the guardian loses the child at once. */
export function useUnlinkGuardian(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guardianId: string) =>
      apiRequest<MessageResponse>(`/api/students/${id(studentId)}/guardians/${id(guardianId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: guardianKeys.ofStudent(studentId) }),
  });
}

/** GET /api/me/guardians: the student's own guardians, and whether they may unlink them (18+, ADR 070). */
export function useMyGuardians() {
  return useQuery({
    queryKey: guardianKeys.mine(),
    queryFn: ({ signal }) => apiRequest<MyGuardians>('/api/me/guardians', { signal }),
  });
}

/** DELETE /api/me/guardians/:guardianId: a student aged 18 or more ends a link (409 before: the school decides). */
export function useUnlinkMyGuardian() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guardianId: string) =>
      apiRequest<MessageResponse>(`/api/me/guardians/${id(guardianId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, guardianId) =>
      client.setQueryData<MyGuardians>(guardianKeys.mine(), (mine) =>
        mine ? { ...mine, items: mine.items.filter((g) => g.id !== guardianId) } : mine,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: guardianKeys.mine() }),
  });
}

/** GET /api/students/:studentId/date-of-birth (an admin): the recorded date and whether the 18+ rule applies now. */
export function useStudentDateOfBirth(studentId: string) {
  return useQuery({
    queryKey: guardianKeys.dateOfBirth(studentId),
    queryFn: ({ signal }) => apiRequest<StudentDateOfBirth>(`/api/students/${id(studentId)}/date-of-birth`, { signal }),
  });
}

/** PUT /api/students/:studentId/date-of-birth: null removes it; the answer replaces the cached one. */
export function useSaveStudentDateOfBirth(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dateOfBirth: string | null) =>
      apiRequest<StudentDateOfBirth>(`/api/students/${id(studentId)}/date-of-birth`, {
        method: 'PUT',
        body: { dateOfBirth },
      }),
    onSuccess: (saved) => client.setQueryData(guardianKeys.dateOfBirth(studentId), saved),
  });
}
