import type { ImportReport, QuestionImport } from '@lyceum/contract';
import { QUESTION_LIMITS } from '@lyceum/contract/constants';
import { Alert, Badge, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { notifySuccess } from '@/lib/notify';
import { useGiftImportProgress, usePreviewGift, useStartGiftImport } from '../api/import-gift';
import { bankMessages as messages } from '../bank/messages';
import { useTypeName } from '../question-types';
import { ImportModal, NotedParts } from './import-modal';

/**
 * What a GIFT file would give, before anything is saved: the questions found (those already in the bank marked, with a
 * warning that importing adds them again), the parts left out with a note, and the parts refused with the reason.
 */
export function ImportPreview({ report }: { report: ImportReport }) {
  const t = useIntl().formatMessage;
  const typeName = useTypeName();
  const duplicates = report.questions.filter((question) => question.duplicate).length;
  const notices = report.notices ?? [];
  return (
    <Stack gap="md">
      <section aria-labelledby="gift-parsed">
        <Title order={3} size="h5" id="gift-parsed" mb="xs" tabIndex={-1}>
          {t(messages.questionsFound, { count: report.questions.length })}
        </Title>
        {duplicates > 0 && (
          <Alert
            color="yellow"
            title={t(messages.alreadyInCourseBank)}
            mb="xs"
            icon={<IconCopy size={18} aria-hidden />}
            // The light yellow's own title colour reads at under 3:1: the title keeps the text's colour.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t(messages.duplicatesWarning, {
              scope: duplicates === report.questions.length ? 'all' : 'some',
              count: duplicates,
              total: report.questions.length,
            })}
          </Alert>
        )}
        {report.questions.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(messages.line)}</Table.Th>
                  <Table.Th>{t(messages.type)}</Table.Th>
                  <Table.Th>{t(messages.title)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.questions.map((question) => (
                  <Table.Tr key={question.line}>
                    <Table.Td>{question.line}</Table.Td>
                    <Table.Td>{typeName(question.type)}</Table.Td>
                    <Table.Td>
                      {question.title}
                      {question.duplicate && (
                        <Badge ml="xs" color="gray.8" variant="outline" style={{ textTransform: 'none' }}>
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
      {notices.length > 0 && (
        <NotedParts
          id="gift-notices"
          heading={t(messages.notes, { count: notices.length })}
          parts={notices.map((notice) => ({
            key: String(notice.line),
            where: t(messages.lineNumber, { line: notice.line }),
            said: notice.message,
            text: notice.text,
          }))}
        />
      )}
      {report.refused.length > 0 && (
        <NotedParts
          id="gift-refused"
          color="red.9"
          heading={t(messages.partsRefused, { count: report.refused.length })}
          parts={report.refused.map((refused) => ({
            key: String(refused.line),
            where: t(messages.lineNumber, { line: refused.line }),
            said: refused.reason,
            text: refused.text,
          }))}
        />
      )}
    </Stack>
  );
}

/** The questions being written by the import's job: a progress bar, read every half second. */
function Writing({ progress }: { progress: QuestionImport | undefined }) {
  const t = useIntl().formatMessage;
  const written = progress?.written ?? 0;
  const total = progress?.total ?? 0;
  return (
    <Stack gap={4}>
      <Text size="sm" id="gift-writing">
        {progress ? t(messages.writing, { written, total }) : t(messages.startingImport)}
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
  const t = useIntl().formatMessage;
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
    notifySuccess(t(messages.imported, { count: finished.report.createdIds.length }));
    close();
  });
  const tooLarge = file !== null && file.size > QUESTION_LIMITS.giftBytes;
  const writing = importId !== null && progress.data?.status !== 'failed';
  const busy = previewing.isPending || starting.isPending || writing;
  const failed = progress.data?.status === 'failed' ? progress.data : null;
  const error = previewing.error ?? starting.error ?? progress.error;

  // The Preview button gives way to Import: the reader goes on at what was found, once it is on the page (an
  // animation frame asked for at the answer could come before React had drawn it, on a loaded machine).
  useEffect(() => {
    if (preview) document.getElementById('gift-parsed')?.focus();
  }, [preview]);

  const previewFile = () => {
    if (!file) return;
    previewing.mutate(file, {
      onSuccess: (report) => {
        setPreview(report);
      },
    });
  };
  const importFile = () => {
    if (!file) return;
    starting.mutate(file, { onSuccess: (started) => setImportId(started.id) });
  };

  return (
    <ImportModal
      opened={opened}
      onClose={close}
      title={t(messages.importTitle)}
      file={{
        label: t(messages.giftFile),
        description: t(messages.giftFileHint),
        accept: '.gift,.txt,text/plain',
        value: file,
        onChange: (next) => {
          setFile(next);
          reset();
        },
        disabled: writing,
        error: tooLarge ? t(messages.tooLarge) : undefined,
      }}
      error={error}
      busy={busy}
      step={
        preview
          ? {
              kind: 'import',
              label: t(messages.importCount, { count: preview.questions.length }),
              onClick: importFile,
              loading: starting.isPending || writing,
              disabled: preview.questions.length === 0 || failed !== null,
            }
          : { kind: 'preview', onClick: previewFile, loading: previewing.isPending, disabled: !file || tooLarge }
      }
    >
      {failed && (
        <Alert color="red" role="alert" title={t(messages.importStopped)}>
          {failed.error ?? t(messages.tryAgain)} {t(messages.written, { count: failed.written, total: failed.total })}
        </Alert>
      )}
      {writing && <Writing progress={progress.data} />}
      {preview && <ImportPreview report={preview} />}
    </ImportModal>
  );
}
