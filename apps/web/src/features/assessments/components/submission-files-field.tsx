import type { SubmissionFile } from '@lyceum/contract';
import { SUBMISSION_FILE_LIMITS, SUBMISSION_FILE_MESSAGES } from '@lyceum/contract/constants';
import { Box, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { SubmissionFileList } from '@/components/submission-file-list';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { removeSubmissionFile, uploadSubmissionFile } from '../api/submission-files';
import classes from './submission-files-field.module.css';

/** What the file picker offers first (the server decides from the bytes whatever is chosen). */
const ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.md,.csv,' +
  'application/pdf,image/jpeg,image/png,image/webp,image/gif,text/plain';
const MAX_MB = SUBMISSION_FILE_LIMITS.bytes / 1024 / 1024;

interface Upload {
  key: number;
  name: string;
  progress: number;
  error: string | null;
}

/** A refused upload in words: what was wrong with which file. */
function uploadProblem(name: string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return `“${name}” is too large: ${SUBMISSION_FILE_MESSAGES.tooLarge.toLowerCase()}.`;
    if (error.status === 415)
      return (
        `“${name}” cannot be handed in: only PDF, images (JPEG, PNG, WebP, GIF), office files (Word, Excel, ` +
        'PowerPoint, OpenDocument) or plain text are accepted.'
      );
  }
  return `“${name}” was not handed in: ${toastMessageOf(error, 'the upload failed. Please try again.')}`;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The file part of a task's answer: choose or drop files, each uploaded at once with its progress (or what was
 * wrong with it, in words), and the list of files handed in with a remove button each.
 */
export function SubmissionFilesField({
  attemptId,
  questionId,
  maxFiles,
  files,
  onFilesChange,
}: {
  attemptId: string;
  questionId: string;
  maxFiles: number;
  files: SubmissionFile[];
  onFilesChange: (files: SubmissionFile[]) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const nextKey = useRef(0);
  // The list as the server has it, also between renders of one batch of uploads.
  const current = useRef(files);
  current.current = files;
  const hintId = useId();
  const labelId = useId();
  const busy = uploads.some((u) => u.error === null);
  const room = maxFiles - files.length;

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (chosen: File[]) => {
    resetPicker.current?.();
    // Finished uploads' errors stay until dismissed; a new choice clears them.
    setUploads((list) => list.filter((u) => u.error === null));
    let left = maxFiles - current.current.length;
    for (const file of chosen) {
      const key = (nextKey.current += 1);
      const upload: Upload = { key, name: file.name, progress: 0, error: null };
      if (left <= 0) {
        upload.error = `“${file.name}” was not handed in: this task takes at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}.`;
      } else if (file.size > SUBMISSION_FILE_LIMITS.bytes) {
        upload.error = `“${file.name}” is ${formatBytes(file.size)}: ${SUBMISSION_FILE_MESSAGES.tooLarge.toLowerCase()}.`;
      }
      setUploads((list) => [...list, upload]);
      if (upload.error) continue;
      left -= 1;
      try {
        const stored = await uploadSubmissionFile(attemptId, questionId, file, (fraction) =>
          patch(key, { progress: Math.round(fraction * 100) }),
        );
        const next = [...current.current, stored];
        current.current = next;
        onFilesChange(next);
        setUploads((list) => list.filter((u) => u.key !== key));
        setAnnouncement(`${stored.name} handed in.`);
      } catch (error) {
        left += 1;
        patch(key, { error: uploadProblem(file.name, error) });
      }
    }
  };

  const remove = async (file: SubmissionFile) => {
    setRemoving(file.id);
    try {
      await removeSubmissionFile(attemptId, file.id);
      const next = current.current.filter((f) => f.id !== file.id);
      current.current = next;
      onFilesChange(next);
      setAnnouncement(`${file.name} removed.`);
    } catch (error) {
      const key = (nextKey.current += 1);
      setUploads((list) => [
        ...list,
        {
          key,
          name: file.name,
          progress: 0,
          error: `“${file.name}” was not removed: ${toastMessageOf(error, 'please try again.')}`,
        },
      ]);
    } finally {
      setRemoving(null);
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (room > 0) void send(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" id={labelId}>
          Files
        </Text>
        <Text size="sm" c="dimmed">
          {files.length} of {maxFiles} handed in
        </Text>
      </Group>
      {files.length > 0 ? (
        <SubmissionFileList files={files} onRemove={(file) => void remove(file)} removing={removing} />
      ) : null}
      {uploads.map((upload) =>
        upload.error ? (
          <Group key={upload.key} gap="xs" wrap="nowrap" align="flex-start" className={classes.problem} role="alert">
            <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" style={{ flex: 1 }}>
              {upload.error}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Dismiss the message about ${upload.name}`}
              onClick={() => setUploads((list) => list.filter((u) => u.key !== upload.key))}
            />
          </Group>
        ) : (
          <Stack key={upload.key} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {upload.name}
              </Text>
              <Text size="xs" c="dimmed">
                {upload.progress}%
              </Text>
            </Group>
            <Progress value={upload.progress} size="sm" aria-label={`Uploading ${upload.name}`} />
          </Stack>
        ),
      )}
      {room > 0 ? (
        <Box
          className={classes.dropzone}
          mod={{ dragging }}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-testid="submission-dropzone"
        >
          <Group gap="sm" wrap="wrap">
            <FileButton onChange={(chosen) => void send(chosen)} accept={ACCEPT} multiple resetRef={resetPicker}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={18} aria-hidden />}
                  aria-describedby={hintId}
                  loading={busy}
                >
                  Add files
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              or drop them here
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={6} id={hintId}>
            PDF, images, Word, Excel, PowerPoint, OpenDocument or plain text; up to {MAX_MB} MB each, {room} more{' '}
            {room === 1 ? 'file' : 'files'}.
          </Text>
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          That is the most this task takes: remove a file to hand in another.
        </Text>
      )}
      <div aria-live="polite" className={classes.live}>
        {announcement}
      </div>
    </Stack>
  );
}
