import type { RosterClassCourse, RosterImport } from '@lyceum/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* Roster imports (issue 48.4, ADR 065): upload → preview → apply as a job, whose progress is polled. */

export type RosterFormat = RosterImport['format'];

const importUrl = (id: string) => `/api/admin/rosters/imports/${encodeURIComponent(id)}`;
/** How often a running import is asked for its progress. */
export const POLL_MS = 1_000;

export const rosterKeys = {
  import: (id: string) => ['admin', 'rosters', id] as const,
};

/** POST /api/admin/rosters/imports?format=… (multipart `file`) → 201 the preview; nothing applied yet. */
export function useUploadRoster() {
  return useMutation({
    mutationFn: ({ format, file }: { format: RosterFormat; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<RosterImport>(`/api/admin/rosters/imports?format=${format}`, { method: 'POST', body });
    },
  });
}

/** POST …/:id/apply → 202 queued: the apply runs as a job. */
export function useApplyRoster(id: string) {
  return useMutation({
    mutationFn: (body: { sendPasswordMail: boolean; courses: RosterClassCourse[] }) =>
      apiRequest<RosterImport>(`${importUrl(id)}/apply`, { method: 'POST', body }),
  });
}

/** GET …/:id, polled while the apply is queued or running; stops once it is done or failed. */
export function useRosterImport(id: string, enabled: boolean) {
  return useQuery({
    queryKey: rosterKeys.import(id),
    queryFn: ({ signal }) => apiRequest<RosterImport>(importUrl(id), { signal }),
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
}
