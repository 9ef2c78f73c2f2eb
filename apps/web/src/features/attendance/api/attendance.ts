import type {
  AttendanceHistory,
  AttendanceReport,
  AttendanceSchedule,
  AttendanceScheduleBody,
  AttendanceSession,
  AttendanceSessionBody,
  AttendanceSessions,
  AttendanceSheet,
  AttendanceSheetBody,
} from '@lyceum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

/* Attendance (issue 52 point 2, ADR 063): a class's sessions, a session's sheet and history, the class's report. */

const id = encodeURIComponent;
const range = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

export const attendanceKeys = {
  all: (classId: string) => ['attendance', classId] as const,
  sessions: (classId: string, from: string, to: string) => ['attendance', classId, 'sessions', from, to] as const,
  sheet: (sessionId: string) => ['attendance', 'sheet', sessionId] as const,
  history: (sessionId: string) => ['attendance', 'history', sessionId] as const,
  report: (classId: string, from: string, to: string) => ['attendance', classId, 'report', from, to] as const,
};

/** GET /api/classes/:id/attendance/sessions?from&to: in time order, at most 500 (the server's bound). */
export function useSessions(classId: string, from: string, to: string) {
  return useQuery({
    queryKey: attendanceKeys.sessions(classId, from, to),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceSessions>(`/api/classes/${id(classId)}/attendance/sessions?${range(from, to)}`, { signal }),
  });
}

/** POST /api/classes/:id/attendance/sessions: one session by hand. */
export function useAddSession(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSessionBody) =>
      apiRequest<AttendanceSession>(`/api/classes/${id(classId)}/attendance/sessions`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all(classId) }),
  });
}

/** POST /api/classes/:id/attendance/schedules: a weekly schedule, its sessions created at once. */
export function useAddSchedule(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceScheduleBody) =>
      apiRequest<AttendanceSchedule>(`/api/classes/${id(classId)}/attendance/schedules`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all(classId) }),
  });
}

/** PATCH /api/attendance/sessions/:sessionId: the session moved to another date or time (its sheet follows). */
export function useEditSession(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, ...body }: AttendanceSessionBody & { sessionId: string }) =>
      apiRequest<AttendanceSession>(`/api/attendance/sessions/${id(sessionId)}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all(classId) }),
  });
}

/** DELETE /api/attendance/sessions/:sessionId: only a session never taken (409 otherwise, ADR 070). */
export function useDeleteSession(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<{ message: string }>(`/api/attendance/sessions/${id(sessionId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: attendanceKeys.all(classId) }),
  });
}

/** GET /api/attendance/sessions/:sessionId: the roster with each student's status. */
export function useSheet(sessionId: string) {
  return useQuery({
    queryKey: attendanceKeys.sheet(sessionId),
    queryFn: ({ signal }) => apiRequest<AttendanceSheet>(`/api/attendance/sessions/${id(sessionId)}`, { signal }),
  });
}

/** PUT /api/attendance/sessions/:sessionId: the whole sheet in one request. */
export function useSaveSheet(classId: string, sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSheetBody) =>
      apiRequest<AttendanceSheet>(`/api/attendance/sessions/${id(sessionId)}`, { method: 'PUT', body }),
    onSuccess: (sheet) => {
      client.setQueryData(attendanceKeys.sheet(sessionId), sheet);
      void client.invalidateQueries({ queryKey: attendanceKeys.history(sessionId) });
      void client.invalidateQueries({ queryKey: attendanceKeys.all(classId) });
    },
  });
}

/** GET /api/attendance/sessions/:sessionId/history: the newest page (200 changes). */
export function useHistory(sessionId: string) {
  return useQuery({
    queryKey: attendanceKeys.history(sessionId),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceHistory>(`/api/attendance/sessions/${id(sessionId)}/history`, { signal }),
  });
}

/** GET /api/classes/:id/attendance/report?from&to: per student, and the class's totals. */
export function useReport(classId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.report(classId, from, to),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceReport>(`/api/classes/${id(classId)}/attendance/report?${range(from, to)}`, { signal }),
    enabled,
  });
}

/** GET /api/classes/:id/attendance/report.csv with the session's token, saved as a file (a link cannot send it). */
export function downloadReportCsv(classId: string, from: string, to: string): Promise<string> {
  return downloadFile(
    `/api/classes/${id(classId)}/attendance/report.csv?${range(from, to)}`,
    'text/csv',
    `attendance-${from}-${to}.csv`,
  );
}
