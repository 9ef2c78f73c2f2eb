import type { SubmissionFile } from '@lyceum/contract';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileDescription, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toastMessageOf } from '../lib/api-client';
import { downloadFile } from '../lib/download-file';
import { formatBytes } from '../lib/format';
import { notifyError } from '../lib/notify';

/**
 * Files a student handed in for a task: each a download (with the caller's token: the addresses are not public),
 * its size, and — while the attempt is open — a remove button. Shared by the player, the student's review and the
 * grading inbox.
 */
export function SubmissionFileList({
  files,
  onRemove,
  removing,
}: {
  files: readonly SubmissionFile[];
  /** Offered while the attempt is in progress. */
  onRemove?: (file: SubmissionFile) => void;
  removing?: string | null;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const open = async (file: SubmissionFile) => {
    setBusy(file.id);
    try {
      await downloadFile(file.url, file.type, file.name);
    } catch (error) {
      notifyError(toastMessageOf(error, `${file.name} could not be downloaded. Please try again.`));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileDescription size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Anchor
              component="button"
              type="button"
              onClick={() => void open(file)}
              disabled={busy === file.id}
              style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {file.name}
            </Anchor>
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBytes(file.size)}
            </Text>
          </Group>
          {onRemove ? (
            <Tooltip label="Remove">
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={`Remove ${file.name}`}
                loading={removing === file.id}
                onClick={() => onRemove(file)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
