import type { QtiImportReport } from '@lyceum/contract';
import { QTI_LIMITS } from '@lyceum/contract/constants';
import { Badge, Stack, Table, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { notifySuccess } from '@/lib/notify';
import { ImportModal, NotedParts } from '../components/import-modal';
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
        <NotedParts
          id="qti-notes"
          heading={t(messages.notes, { count: report.notices.length })}
          parts={report.notices.map((notice, index) => ({ ...where(notice, index), said: notice.message }))}
        />
      )}
      {report.refused.length > 0 && (
        <NotedParts
          id="qti-refused"
          color="red.9"
          heading={t(messages.refused, { count: report.refused.length })}
          parts={report.refused.map((refused, index) => ({ ...where(refused, index), said: refused.reason }))}
        />
      )}
    </Stack>
  );
}

/** Where an item of the package is: its file, and its identifier when it has one (file names stay left to right). */
function where(item: { file: string; identifier: string }, index: number) {
  return {
    key: `${item.file}#${item.identifier}#${index}`,
    where: item.identifier ? `${item.file} (${item.identifier})` : item.file,
    whereDir: 'ltr' as const,
  };
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
    <ImportModal
      opened={opened}
      onClose={close}
      title={t(messages.title)}
      file={{
        label: t(messages.file),
        description: t(messages.fileHint),
        accept: '.xml,.zip,application/xml,text/xml,application/zip',
        value: file,
        onChange: (next) => {
          setFile(next);
          reset();
        },
        error: tooLarge ? t(messages.tooLarge) : undefined,
      }}
      error={error}
      busy={previewing.isPending || importing.isPending}
      step={
        preview
          ? {
              kind: 'import',
              label: t(messages.importCount, { count: preview.questions.length }),
              onClick: () =>
                file &&
                importing.mutate(file, {
                  onSuccess: (report) => {
                    notifySuccess(t(messages.imported, { count: report.createdIds.length }));
                    close();
                  },
                }),
              loading: importing.isPending,
              disabled: preview.questions.length === 0,
            }
          : {
              kind: 'preview',
              onClick: () => file && previewing.mutate(file, { onSuccess: setPreview }),
              loading: previewing.isPending,
              disabled: !file || tooLarge,
            }
      }
    >
      {preview && <QtiImportPreview report={preview} />}
    </ImportModal>
  );
}
