import type { ImportReport, QuestionImport } from '@lyceum/contract';
import { QUESTION_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { toastMessageOf } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useGiftImportProgress, usePreviewGift, useStartGiftImport } from '../api/import-gift';
import { typeLabel } from '../question-types';

function Preview({ report }: { report: ImportReport }) {
  return (
    <Stack gap="md">
      <section aria-labelledby="gift-parsed">
        <Title order={3} size="h5" id="gift-parsed" mb="xs">
          {report.questions.length} question{report.questions.length === 1 ? '' : 's'} found
        </Title>
        {report.questions.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Title</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.questions.map((question) => (
                  <Table.Tr key={question.line}>
                    <Table.Td>{question.line}</Table.Td>
                    <Table.Td>{typeLabel(question.type)}</Table.Td>
                    <Table.Td>{question.title}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      {report.refused.length > 0 && (
        <section aria-labelledby="gift-refused">
          <Title order={3} size="h5" id="gift-refused" mb="xs" c="red.9">
            {report.refused.length} part{report.refused.length === 1 ? '' : 's'} refused
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {report.refused.map((refused) => (
              <li key={refused.line}>
                <Text size="sm">
                  <Text span fw={700} c="red.9">
                    Line {refused.line}:
                  </Text>{' '}
                  {refused.reason}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {refused.text}
                </Text>
              </li>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The questions being written by the import's job: a progress bar, read every half second. */
function Writing({ progress }: { progress: QuestionImport | undefined }) {
  const written = progress?.written ?? 0;
  const total = progress?.total ?? 0;
  return (
    <Stack gap={4}>
      <Text size="sm" id="gift-writing">
        {progress ? `Writing questions: ${written} of ${total}` : 'Starting the import…'}
      </Text>
      <Progress value={total ? (written / total) * 100 : 0} aria-labelledby="gift-writing" animated />
    </Stack>
  );
}

/**
 * GIFT import in two steps: a preview (nothing saved) listing what was found and refused, then the import, which a
 * job writes in small batches (issue 55): its progress shows until it is done.
 */
export function ImportGiftModal({
  courseId,
  opened,
  onClose,
}: {
  courseId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const small = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const previewing = usePreviewGift(courseId);
  const starting = useStartGiftImport(courseId);
  const [importId, setImportId] = useState<string | null>(null);
  const reset = () => {
    setPreview(null);
    setImportId(null);
    previewing.reset();
    starting.reset();
  };
  const close = () => {
    setFile(null);
    reset();
    onClose();
  };

  const progress = useGiftImportProgress(courseId, importId, (finished) => {
    if (finished.status !== 'done') return;
    notifySuccess(`${plural(finished.report.createdIds.length, 'question')} imported`);
    close();
  });
  const tooLarge = file !== null && file.size > QUESTION_LIMITS.giftBytes;
  const writing = importId !== null && progress.data?.status !== 'failed';
  const busy = previewing.isPending || starting.isPending || writing;
  const failed = progress.data?.status === 'failed' ? progress.data : null;
  const error = previewing.error ?? starting.error ?? progress.error;

  const previewFile = () => {
    if (!file) return;
    previewing.mutate(file, { onSuccess: setPreview });
  };
  const importFile = () => {
    if (!file) return;
    starting.mutate(file, { onSuccess: (started) => setImportId(started.id) });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import GIFT questions"
      size="lg"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Stack gap="md">
        <FileInput
          label="GIFT file"
          description="Moodle's plain-text question format (.gift or .txt), at most 1 MB."
          placeholder="Choose a file"
          accept=".gift,.txt,text/plain"
          value={file}
          onChange={(next) => {
            setFile(next);
            reset();
          }}
          disabled={writing}
          error={tooLarge ? 'The file is larger than 1 MB' : undefined}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        {error && (
          <Alert color="red" role="alert" title="The file could not be read">
            {toastMessageOf(error, 'Please try again.')}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert" title="The import stopped">
            {failed.error ?? 'Please try again.'} {plural(failed.written, 'question')} of {failed.total} were written.
          </Alert>
        )}
        {writing && <Writing progress={progress.data} />}
        {preview && <Preview report={preview} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {preview ? (
            <Button
              onClick={importFile}
              loading={starting.isPending || writing}
              disabled={preview.questions.length === 0 || failed !== null}
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              Import {preview.questions.length} question{preview.questions.length === 1 ? '' : 's'}
            </Button>
          ) : (
            <Button onClick={previewFile} loading={previewing.isPending} disabled={!file || tooLarge}>
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
