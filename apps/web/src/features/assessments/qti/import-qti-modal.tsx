import type { QtiImportReport } from '@lyceum/contract';
import { QTI_LIMITS } from '@lyceum/contract/constants';
import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useTypeName } from '../question-types';
import { useImportQti, usePreviewQti } from './api';
import { qtiMessages as messages } from './messages';

/** What a QTI item or package would give: the items found (duplicates marked), the items refused with the reason. */
export function QtiImportPreview({ report }: { report: QtiImportReport }) {
  const t = useIntl().formatMessage;
  const typeName = useTypeName();
  return (
    <Stack gap="md">
      <section aria-labelledby="qti-found">
        <Title order={3} size="h5" id="qti-found" mb="xs" tabIndex={-1}>
          {t(messages.found, { count: report.questions.length })}
        </Title>
        {report.questions.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(messages.file_)}</Table.Th>
                  <Table.Th>{t(messages.type)}</Table.Th>
                  <Table.Th>{t(messages.questionTitle)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.questions.map((question) => (
                  <Table.Tr key={`${question.file}#${question.identifier}`}>
                    <Table.Td dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                      {question.file}
                    </Table.Td>
                    <Table.Td>{typeName(question.type)}</Table.Td>
                    <Table.Td dir="auto">
                      {question.title}
                      {question.duplicate && (
                        <Badge ms="xs" color="gray.8" variant="outline" style={{ textTransform: 'none' }}>
                          {t(messages.alreadyInBank)}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      {report.notices.length > 0 && (
        <ItemList
          id="qti-notes"
          heading={t(messages.notes, { count: report.notices.length })}
          items={report.notices.map((notice) => ({ ...notice, said: notice.message }))}
        />
      )}
      {report.refused.length > 0 && (
        <ItemList
          id="qti-refused"
          color="red.9"
          heading={t(messages.refused, { count: report.refused.length })}
          items={report.refused.map((refused) => ({ ...refused, said: refused.reason }))}
        />
      )}
    </Stack>
  );
}

/** Items of the package with what was said about each (the server's words, as GIFT's preview shows them). */
function ItemList({
  id,
  heading,
  items,
  color,
}: {
  id: string;
  heading: string;
  items: { file: string; identifier: string; said: string }[];
  color?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs" c={color}>
        {heading}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
        {items.map((item, index) => (
          <li key={`${item.file}#${item.identifier}#${index}`}>
            <Text size="sm">
              <Text span fw={700} c={color} dir="ltr">
                {item.identifier ? `${item.file} (${item.identifier})` : item.file}
              </Text>{' '}
              {item.said}
            </Text>
          </li>
        ))}
      </Stack>
    </section>
  );
}

/** QTI import in two steps: a preview (nothing saved), then the import (one transaction on the server). */
export function ImportQtiModal({
  courseId,
  opened,
  onClose,
}: {
  courseId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useIntl().formatMessage;
  const small = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<QtiImportReport | null>(null);
  const previewing = usePreviewQti(courseId);
  const importing = useImportQti(courseId);
  const reset = () => {
    setPreview(null);
    previewing.reset();
    importing.reset();
  };
  const close = () => {
    setFile(null);
    reset();
    onClose();
  };
  const tooLarge = file !== null && file.size > QTI_LIMITS.uploadBytes;
  const error = previewing.error ?? importing.error;
  useEffect(() => {
    if (preview) document.getElementById('qti-found')?.focus();
  }, [preview]);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(messages.title)}
      size="lg"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Stack gap="md">
        <FileInput
          label={t(messages.file)}
          description={t(messages.fileHint)}
          placeholder={t(messages.chooseFile)}
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          value={file}
          onChange={(next) => {
            setFile(next);
            reset();
          }}
          error={tooLarge ? t(messages.tooLarge) : undefined}
          clearable
          clearButtonProps={{ 'aria-label': t(messages.removeFile) }}
        />
        {error && (
          <Alert color="red" role="alert" title={t(messages.readFailed)}>
            {toastMessageOf(error, t(messages.tryAgain))}
          </Alert>
        )}
        {preview && <QtiImportPreview report={preview} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={previewing.isPending || importing.isPending}>
            {t(messages.cancel)}
          </Button>
          {preview ? (
            <Button
              onClick={() =>
                file &&
                importing.mutate(file, {
                  onSuccess: (report) => {
                    notifySuccess(t(messages.imported, { count: report.createdIds.length }));
                    close();
                  },
                })
              }
              loading={importing.isPending}
              disabled={preview.questions.length === 0}
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              {t(messages.importCount, { count: preview.questions.length })}
            </Button>
          ) : (
            <Button
              onClick={() => file && previewing.mutate(file, { onSuccess: setPreview })}
              loading={previewing.isPending}
              disabled={!file || tooLarge}
            >
              {t(messages.preview)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
