import type { ImportReport } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBank } from './query-keys';

/** POST /api/courses/:id/questions/import (multipart `file`) → what was parsed and refused; dryRun saves nothing. */
export function importGift(courseId: string, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<ImportReport>(
    `/api/courses/${encodeURIComponent(courseId)}/questions/import${dryRun ? '?dryRun=true' : ''}`,
    { method: 'POST', body: form },
  );
}

export function useImportGift(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importGift(courseId, file, dryRun),
    onSuccess: (report) => {
      if (!report.dryRun) void invalidateBank(queryClient, courseId);
    },
  });
}
