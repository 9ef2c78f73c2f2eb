import type {
  GuardianAcceptBody,
  GuardianChild,
  GuardianChildOverview,
  GuardianChildren,
  GuardianInvitation,
  GuardianRegisterBody,
  LinkedGuardians,
  MessageResponse,
  RegisterResponse,
} from '@lyceum/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* Guardians (issue 52, ADR 060): the guardian's reads, the invitation's two ways in, the school's and the student's lists. */

const id = encodeURIComponent;

export const guardianKeys = {
  children: () => ['guardians', 'children'] as const,
  overview: (studentId: string) => ['guardians', 'overview', studentId] as const,
  ofStudent: (studentId: string) => ['guardians', 'of-student', studentId] as const,
  mine: () => ['guardians', 'mine'] as const,
};

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

/** GET /api/me/guardians: the student's own guardians. */
export function useMyGuardians() {
  return useQuery({
    queryKey: guardianKeys.mine(),
    queryFn: ({ signal }) => apiRequest<LinkedGuardians>('/api/me/guardians', { signal }),
  });
}
