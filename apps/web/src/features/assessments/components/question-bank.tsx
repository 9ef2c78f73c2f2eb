import type { QuestionSummary, QuestionType } from '@lyceum/contract';
import { QUESTION_TYPES } from '@lyceum/contract/constants';
import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconEdit, IconFileImport, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { RowAction, RowActions } from '@/components/row-actions';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteQuestion } from '../api/delete-question';
import { downloadText, exportGift } from '../api/export-gift';
import { useQuestions } from '../api/get-questions';
import { bankMessages as messages } from '../bank/messages';
import { useTypeName } from '../question-types';
import { ImportGiftModal } from './import-gift-modal';
import { downloadBlob, exportQti } from '../qti/api';
import { ImportQtiModal } from '../qti/import-qti-modal';
import { qtiMessages } from '../qti/messages';
import { QuestionEditorModal } from './question-editor-modal';

function DeleteQuestion({ courseId, question }: { courseId: string; question: QuestionSummary }) {
  const t = useIntl().formatMessage;
  const [open, setOpen] = useState(false);
  const remove = useDeleteQuestion(courseId);
  return (
    <>
      <RowAction
        label={t(messages.delete)}
        aria-label={t(messages.deleteNamed, { title: question.title })}
        icon={IconTrash}
        danger
        onClick={() => setOpen(true)}
      />
      <ConfirmModal
        opened={open}
        title={t(messages.deleteTitle)}
        confirmLabel={t(messages.delete)}
        danger
        loading={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(question.id, {
            onSuccess: () => {
              setOpen(false);
              notifySuccess(t(messages.deleted));
            },
            onError: (error) => notifyError(toastMessageOf(error, t(messages.deleteFailed))),
          })
        }
      >
        {t(messages.leavesBank, { title: question.title })}
      </ConfirmModal>
    </>
  );
}

/** A course's question bank for its teacher: filters, the list, create/edit, delete, GIFT import and export. */
export function QuestionBank({ courseId }: { courseId: string }) {
  const t = useIntl().formatMessage;
  const typeName = useTypeName();
  const [type, setType] = useState<QuestionType | null>(null);
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedTag] = useDebouncedValue(tag.trim(), 300);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [importingQti, setImportingQti] = useState(false);
  const [exportingQti, setExportingQti] = useState(false);
  const query = useQuestions(courseId, {
    type: type ?? undefined,
    tag: debouncedTag || undefined,
    q: debouncedSearch || undefined,
    page,
  });
  const filtered = Boolean(type || debouncedTag || debouncedSearch);

  const exportBank = async () => {
    setExporting(true);
    try {
      downloadText(await exportGift(courseId), 'questions.gift');
    } catch (error) {
      notifyError(toastMessageOf(error, t(messages.exportFailed)));
    } finally {
      setExporting(false);
    }
  };

  const exportBankQti = async () => {
    setExportingQti(true);
    try {
      downloadBlob(await exportQti(courseId), 'questions-qti.zip');
    } catch (error) {
      notifyError(toastMessageOf(error, t(qtiMessages.exportFailed)));
    } finally {
      setExportingQti(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ id: null })}>
            {t(messages.newQuestion)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            {t(messages.importGift)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportBank()}
            loading={exporting}
          >
            {t(messages.exportGift)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => setImportingQti(true)}
          >
            {t(qtiMessages.importQti)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportBankQti()}
            loading={exportingQti}
          >
            {t(qtiMessages.exportQti)}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end" role="search" aria-label={t(messages.filterQuestions)}>
        <Select
          label={t(messages.type)}
          placeholder={t(messages.allTypes)}
          data={QUESTION_TYPES.map((value) => ({ value, label: typeName(value) }))}
          value={type}
          onChange={(value) => {
            setType(value as QuestionType | null);
            setPage(1);
          }}
          clearable
          w={200}
        />
        <TextInput
          label={t(messages.tag)}
          value={tag}
          onChange={(e) => {
            setTag(e.currentTarget.value);
            setPage(1);
          }}
          w={180}
        />
        <TextInput
          label={t(messages.searchTitles)}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={240}
        />
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-label={t(messages.loadingQuestions)}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError title={t(messages.loadFailed)} onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptySection
          message={t(filtered ? messages.noMatch : messages.noQuestionsYet)}
          description={filtered ? undefined : t(messages.addOrImport)}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(messages.questionCount, { count: query.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={340}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(messages.title)}</Table.Th>
                  <Table.Th visibleFrom="sm">{t(messages.type)}</Table.Th>
                  <Table.Th>{t(messages.points)}</Table.Th>
                  <Table.Th>{t(messages.tags)}</Table.Th>
                  <Table.Th visibleFrom="sm">{t(messages.changed)}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t(messages.actions)}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((question) => (
                  <Table.Tr key={question.id}>
                    <Table.Td>
                      {question.title}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {typeName(question.type)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {typeName(question.type)}
                    </Table.Td>
                    <Table.Td>{question.points}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {question.tags.map((t) => (
                          <Badge key={t} variant="light" tt="none">
                            {t}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(question.updatedAt)}
                    </Table.Td>
                    <Table.Td>
                      <RowActions compact>
                        <RowAction
                          label={t(messages.edit)}
                          aria-label={t(messages.editNamed, { title: question.title })}
                          icon={IconEdit}
                          onClick={() => setEditing({ id: question.id })}
                        />
                        <DeleteQuestion courseId={courseId} question={question} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            page={query.data.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onChange={setPage}
            label={t(messages.pages)}
          />
        </>
      )}
      <QuestionEditorModal
        courseId={courseId}
        questionId={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ImportGiftModal courseId={courseId} opened={importing} onClose={() => setImporting(false)} />
      <ImportQtiModal courseId={courseId} opened={importingQti} onClose={() => setImportingQti(false)} />
    </Stack>
  );
}
