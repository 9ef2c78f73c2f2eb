import type { SubmissionFile } from '@lyceum/contract';
import { apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';
import { attemptUrl } from './assessment-keys';

/** POST /api/attempts/:id/questions/:questionId/files → the file handed in (its id is added to the answer). */
export function uploadSubmissionFile(
  attemptId: string,
  questionId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<SubmissionFile> {
  return uploadFile<SubmissionFile>(
    `${attemptUrl(attemptId)}/questions/${encodeURIComponent(questionId)}/files`,
    file,
    onProgress,
  );
}

/** DELETE /api/attempts/:id/files/:fileId → 204 (while the attempt is in progress). */
export function removeSubmissionFile(attemptId: string, fileId: string): Promise<void> {
  return apiRequest<void>(`${attemptUrl(attemptId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}
