import type {
  Announcement,
  Assignment,
  AssignmentLearner,
  AssignmentLearnerStatus,
  Gradebook,
  RosterEntry,
} from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Page } from './page';
import { classKeys } from './query-keys';

const list = <T>(path: string, page: number, signal?: AbortSignal, pageSize = 20) =>
  apiRequest<Page<T>>(`${path}?page=${page}&pageSize=${pageSize}`, { signal });

/** GET /api/classes/:id/roster → a page of students with progress, last activity and accommodation. */
export function useRoster(classId: string, page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...classKeys.roster(classId, page), pageSize],
    queryFn: ({ signal }) =>
      list<RosterEntry>(`/api/classes/${encodeURIComponent(classId)}/roster`, page, signal, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/classes/:id/assignments → a page of assignments with their counts. */
export function useAssignments(classId: string, page: number) {
  return useQuery({
    queryKey: classKeys.assignments(classId, page),
    queryFn: ({ signal }) => list<Assignment>(`/api/classes/${encodeURIComponent(classId)}/assignments`, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/classes/:id/assignments/:assignmentId/learners?status → a page of one list (turned in, assigned, missing; all without). */
export function useAssignmentLearners(
  classId: string,
  assignmentId: string,
  status: AssignmentLearnerStatus | undefined,
  page: number,
  pageSize = 20,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: [...classKeys.assignmentLearners(classId, assignmentId, status ?? 'all', page), pageSize],
    queryFn: ({ signal }) =>
      apiRequest<Page<AssignmentLearner>>(
        `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/learners?${
          status ? `status=${status}&` : ''
        }page=${page}&pageSize=${pageSize}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The stream: GET /api/classes/:id/announcements (teachers) or /api/student/classes/:id/announcements (members). */
export function useStream(classId: string, as: 'teacher' | 'member', page: number) {
  const base = as === 'teacher' ? '/api/classes' : '/api/student/classes';
  return useQuery({
    queryKey: classKeys.stream(classId, as, page),
    queryFn: ({ signal }) => list<Announcement>(`${base}/${encodeURIComponent(classId)}/announcements`, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/classes/:id/gradebook?courseId → the course's gradebook, filtered to the class's members. */
export function useClassGradebook(classId: string, courseId: string, page: number, pageSize = 25) {
  return useQuery({
    queryKey: classKeys.gradebook(classId, courseId, page),
    queryFn: ({ signal }) =>
      apiRequest<Gradebook>(
        `/api/classes/${encodeURIComponent(classId)}/gradebook?courseId=${encodeURIComponent(courseId)}&page=${page}&pageSize=${pageSize}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: courseId !== '',
  });
}
