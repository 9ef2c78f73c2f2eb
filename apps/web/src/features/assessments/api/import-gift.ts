import type { ImportReport, QuestionImport } from '@lyceum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateBank } from './query-keys';

const importUrl = (courseId: string, dryRun: boolean) =>
  `/api/courses/${encodeURIComponent(courseId)}/questions/import${dryRun ? '?dryRun=true' : ''}`;

function giftForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** POST /api/courses/:id/questions/import?dryRun=true (multipart `file`) → what was parsed and refused; nothing saved. */
export function previewGift(courseId: string, file: File) {
  return apiRequest<ImportReport>(importUrl(courseId, true), { method: 'POST', body: giftForm(file) });
}

/** POST /api/courses/:id/questions/import → 202: the import, queued; a job writes its questions (issue 55). */
export function startGiftImport(courseId: string, file: File) {
  return apiRequest<QuestionImport>(importUrl(courseId, false), { method: 'POST', body: giftForm(file) });
}

export function usePreviewGift(courseId: string) {
  return useMutation({ mutationFn: (file: File) => previewGift(courseId, file) });
}

export function useStartGiftImport(courseId: string) {
  return useMutation({ mutationFn: (file: File) => startGiftImport(courseId, file) });
}

const FINISHED = new Set(['done', 'failed']);

/**
 * GET /api/question-imports/:id every half second until the import is done or failed; then the bank is reloaded and
 * `onFinished` hears of it (once: polling stops).
 */
export function useGiftImportProgress(
  courseId: string,
  importId: string | null,
  onFinished: (finished: QuestionImport) => void,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['question-imports', importId],
    queryFn: async ({ signal }) => {
      const current = await apiRequest<QuestionImport>(`/api/question-imports/${importId ?? ''}`, { signal });
      if (FINISHED.has(current.status)) {
        void invalidateBank(queryClient, courseId);
        onFinished(current);
      }
      return current;
    },
    enabled: importId !== null,
    refetchInterval: (current) => (current.state.data && FINISHED.has(current.state.data.status) ? false : 500),
  });
}
