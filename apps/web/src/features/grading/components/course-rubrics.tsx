import type { RubricSummary } from '@lyceum/contract';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconEdit, IconFileImport, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { RowAction, RowActions } from '@/components/row-actions';
import { useIntl, type IntlShape } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCopyRubric, useCourseRubrics, useDeleteRubric, useMyOtherRubrics } from '../api/rubrics';
import { gradingMessages as messages } from '../messages';
import { formatPoints } from './rubric-format';

export interface CourseRubricsProps {
  courseId: string;
  /** The editor of one rubric ('new' creates one). */
  editorHref: (rubricId: string) => string;
}

/** Where a rubric is used, in words. */
function attachedText(intl: IntlShape, rubric: RubricSummary): string {
  if (!rubric.attachedTo) return intl.formatMessage(messages.notAttached);
  return intl.formatMessage(messages.attachedTo, { kind: rubric.attachedTo.type, title: rubric.attachedTitle ?? '' });
}

/** The id of a rubric's title link, which takes focus after the rubric is created, saved, duplicated or copied. */
const rowLinkId = (rubricId: string) => `rubric-link-${rubricId}`;

/**
 * A course's rubrics for its teacher: the list (title, points, what each is attached to), a new one, a duplicate,
 * a copy from another course the teacher teaches, delete. After a rubric is created, saved or copied, focus lands
 * on its title in the list.
 */
export function CourseRubrics({ courseId, editorHref }: CourseRubricsProps) {
  const [page, setPage] = useState(1);
  const intl = useIntl();
  const t = intl.formatMessage;
  const query = useCourseRubrics(courseId, page);
  const location = useLocation();
  const navigate = useNavigate();
  // The rubric to focus once its row is on the page: one just created or saved (the editor says which in the
  // history entry's state), duplicated or copied. A ref, asked again whenever the list changes or `focusTick` moves.
  const focusRubric = useRef<string | null>((location.state as { focusRubric?: string } | null)?.focusRubric ?? null);
  const [focusTick, setFocusTick] = useState(0);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState<RubricSummary | null>(null);
  const duplicate = useCopyRubric(courseId);
  const remove = useDeleteRubric(courseId);
  const newButton = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const id = focusRubric.current;
    if (!id || !query.data || query.isPlaceholderData) return;
    const link = document.getElementById(rowLinkId(id));
    if (!link) return;
    link.focus();
    focusRubric.current = null;
    // Leave no focus request in the history entry: coming back to this page later does not move focus again.
    if ((location.state as { focusRubric?: string } | null)?.focusRubric)
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [focusTick, query.data, query.isPlaceholderData, location, navigate]);

  const showRubric = (id: string) => {
    setPage(1);
    focusRubric.current = id;
    setFocusTick((tick) => tick + 1);
  };

  const duplicateRubric = (rubric: RubricSummary) =>
    duplicate.mutate(
      { id: rubric.id, body: {} },
      {
        onSuccess: (copy) => {
          notifySuccess(t(messages.duplicatedAs, { title: copy.title }));
          showRubric(copy.id);
        },
        onError: (error) => notifyError(toastMessageOf(error, t(messages.duplicateFailed))),
      },
    );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Button
          ref={newButton}
          component={Link}
          to={editorHref('new')}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t(messages.newRubric)}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileImport size={18} aria-hidden />}
          onClick={() => setCopying(true)}
        >
          {t(messages.copyFromCourse)}
        </Button>
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-label={t(messages.loadingRubrics)}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={t(messages.rubricsLoadFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptySection message={t(messages.noRubrics)} description={t(messages.noRubricsHint)} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(messages.rubricCount, { count: query.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(messages.colTitle)}</Table.Th>
                  <Table.Th>{t(messages.highestTotal)}</Table.Th>
                  <Table.Th visibleFrom="sm">{t(messages.colAttachedTo)}</Table.Th>
                  <Table.Th visibleFrom="md">{t(messages.changed)}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t(messages.actions)}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((rubric) => (
                  <Table.Tr key={rubric.id}>
                    <Table.Td>
                      <Anchor component={Link} to={editorHref(rubric.id)} id={rowLinkId(rubric.id)} fw={600} dir="auto">
                        {rubric.title}
                      </Anchor>
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {attachedText(intl, rubric)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPoints(rubric.maxPoints)}</Table.Td>
                    <Table.Td visibleFrom="sm">{attachedText(intl, rubric)}</Table.Td>
                    <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(rubric.updatedAt)}
                    </Table.Td>
                    <Table.Td>
                      <RowActions compact>
                        <RowAction
                          label={t(messages.edit)}
                          aria-label={t(messages.editNamed, { title: rubric.title })}
                          icon={IconEdit}
                          to={editorHref(rubric.id)}
                        />
                        <RowAction
                          label={t(messages.duplicate)}
                          aria-label={t(messages.duplicateNamed, { title: rubric.title })}
                          icon={IconCopy}
                          loading={duplicate.isPending && duplicate.variables?.id === rubric.id}
                          onClick={() => duplicateRubric(rubric)}
                        />
                        <RowAction
                          label={t(messages.delete)}
                          aria-label={t(messages.deleteNamed, { title: rubric.title })}
                          icon={IconTrash}
                          danger
                          onClick={() => setDeleting(rubric)}
                        />
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
            label={t(messages.rubricPages)}
          />
        </>
      )}
      <CopyFromCourseModal
        courseId={courseId}
        opened={copying}
        onClose={() => setCopying(false)}
        onCopied={showRubric}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t(messages.deleteRubricTitle)}
        confirmLabel={t(messages.delete)}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess(t(messages.rubricDeleted));
              // Its row is gone: focus goes to the start of the list's actions.
              requestAnimationFrame(() => newButton.current?.focus());
            },
            onError: (error) => notifyError(toastMessageOf(error, t(messages.deleteFailed))),
          });
        }}
      >
        {t(messages.deleteRubricText, { title: deleting?.title ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

/**
 * Lists the rubrics of the teacher's other courses; one chosen is copied into this course, the dialog closes and
 * `onCopied` names the copy.
 */
function CopyFromCourseModal({
  courseId,
  opened,
  onClose,
  onCopied,
}: {
  courseId: string;
  opened: boolean;
  onClose: () => void;
  onCopied: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const others = useMyOtherRubrics(courseId, debounced, opened);
  const copy = useCopyRubric(courseId);
  // The copy just made: focus goes to it in the list once the dialog has gone (its focus trap would take it back).
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const t = useIntl().formatMessage;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(messages.copyRubricTitle)}
      size="lg"
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
      // After a copy, focus goes to the copy in the list, not back to the button that opened this.
      returnFocus={copiedId === null}
      onExitTransitionEnd={() => {
        if (copiedId) onCopied(copiedId);
        setCopiedId(null);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(messages.copyRubricIntro)}
        </Text>
        <TextInput
          label={t(messages.findRubric)}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {others.isPending ? (
          <Skeleton height={80} aria-label={t(messages.loadingYourRubrics)} />
        ) : others.isError ? (
          <LoadError
            title={t(messages.yourRubricsFailed)}
            onRetry={() => void others.refetch()}
            retrying={others.isFetching}
          >
            {others.error.message}
          </LoadError>
        ) : others.data.items.length === 0 ? (
          <Text size="sm">{t(debounced ? messages.noRubricMatches : messages.noOtherRubrics)}</Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(messages.otherRubrics)}>
            {others.data.items.map((rubric) => (
              <li key={rubric.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
                  disabled={copy.isPending}
                  aria-label={t(messages.copyNamed, { title: rubric.title, course: rubric.course.title })}
                  onClick={() =>
                    copy.mutate(
                      { id: rubric.id, body: { courseId } },
                      {
                        onSuccess: (saved) => {
                          setCopiedId(saved.id);
                          notifySuccess(t(messages.copiedInto, { title: saved.title }));
                          onClose();
                        },
                        onError: (error) => notifyError(toastMessageOf(error, t(messages.copyFailed))),
                      },
                    )
                  }
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Text fw={600} dir="auto">
                        {rubric.title}
                      </Text>
                      <Text size="sm" c="dimmed" dir="auto">
                        {rubric.course.title} · {formatPoints(rubric.maxPoints)}
                      </Text>
                    </div>
                    <Text size="sm" c="blue.8" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {t(messages.copy)}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
