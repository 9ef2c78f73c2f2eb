import type { ImportReport } from '@lyceum/contract';
import { QUESTION_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { toastMessageOf } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useImportGift } from '../api/import-gift';
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

/** GIFT import in two steps: a preview (nothing saved) listing what was found and refused, then the import. */
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
  const run = useImportGift(courseId);
  const tooLarge = file !== null && file.size > QUESTION_LIMITS.giftBytes;

  const close = () => {
    setFile(null);
    setPreview(null);
    run.reset();
    onClose();
  };

  const previewFile = () => {
    if (!file) return;
    run.mutate({ file, dryRun: true }, { onSuccess: setPreview });
  };
  const importFile = () => {
    if (!file) return;
    run.mutate(
      { file, dryRun: false },
      {
        onSuccess: (report) => {
          notifySuccess(`${report.createdIds.length} question${report.createdIds.length === 1 ? '' : 's'} imported`);
          close();
        },
      },
    );
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
            setPreview(null);
            run.reset();
          }}
          error={tooLarge ? 'The file is larger than 1 MB' : undefined}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        {run.isError && (
          <Alert color="red" role="alert" title="The file could not be read">
            {toastMessageOf(run.error, 'Please try again.')}
          </Alert>
        )}
        {preview && <Preview report={preview} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={run.isPending}>
            Cancel
          </Button>
          {preview ? (
            <Button
              onClick={importFile}
              loading={run.isPending}
              disabled={preview.questions.length === 0}
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              Import {preview.questions.length} question{preview.questions.length === 1 ? '' : 's'}
            </Button>
          ) : (
            <Button onClick={previewFile} loading={run.isPending} disabled={!file || tooLarge}>
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
