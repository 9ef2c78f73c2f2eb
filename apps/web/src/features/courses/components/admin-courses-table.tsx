import type { CourseCard, CourseCategory, CourseStatus } from '@lyceum/contract';
import { COURSE_CATEGORIES, MESSAGES } from '@lyceum/contract/constants';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconEyeOff, IconListDetails, IconSearch, IconTable, IconWorldUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { RowAction, RowActions } from '@/components/row-actions';
import { paths } from '@/config/paths';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { courseAdminMessages as messages } from '../admin/messages';
import { useAdminCourses } from '../api/get-admin-courses';
import { usePublishCourse } from '../api/publish-course';
import type { AdminCourseParams } from '../api/query-keys';
import { useUnpublishCourse } from '../api/unpublish-course';
import { DeleteCourseButton } from './delete-course-button';

export function StatusBadge({ status }: { status: CourseStatus }) {
  const intl = useIntl();
  return (
    // Never squeezed into "PU…" by a narrow table column.
    <Badge variant="filled" color={status === 'published' ? 'teal.9' : 'gray.7'} radius="sm" miw="max-content">
      {intl.formatMessage(messages.courseStatus, { status })}
    </Badge>
  );
}

function PublishToggle({ course }: { course: CourseCard }) {
  const intl = useIntl();
  const publish = usePublishCourse();
  const unpublish = useUnpublishCourse();
  const [confirming, setConfirming] = useState(false);
  const published = course.status === 'published';
  const mutation = published ? unpublish : publish;
  const run = () =>
    mutation.mutate(course.id, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(MESSAGES.updateSuccess);
      },
      onError: () => notifyError(MESSAGES.updateGenericFailed),
    });
  return (
    <>
      <RowAction
        label={intl.formatMessage(messages.publishToggle, { published: published ? 'yes' : 'no' })}
        aria-label={intl.formatMessage(messages.publishToggleFor, {
          published: published ? 'yes' : 'no',
          title: course.title,
        })}
        icon={published ? IconEyeOff : IconWorldUpload}
        variant={published ? 'default' : 'filled'}
        color={published ? undefined : 'teal.9'}
        loading={mutation.isPending && !confirming}
        // Unpublishing takes the course out of the catalogue and wishlists: it asks first (ADR 018).
        onClick={() => (published ? setConfirming(true) : run())}
      />
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(messages.unpublishTitle)}
        confirmLabel={intl.formatMessage(messages.confirmUnpublish)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        loading={unpublish.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        {intl.formatMessage(messages.unpublishBody, { title: course.title, count: course.enrolledCount })}
      </ConfirmModal>
    </>
  );
}

/** Every course of every teacher (spec §2 admin /coursesList): status, search, publish/unpublish, edit, delete. */
export function AdminCoursesTable() {
  const intl = useIntl();
  const statusOptions = [
    { value: '', label: intl.formatMessage(messages.anyStatus) },
    { value: 'published', label: intl.formatMessage(messages.courseStatus, { status: 'published' }) },
    { value: 'draft', label: intl.formatMessage(messages.courseStatus, { status: 'draft' }) },
  ];
  const categoryOptions = [
    { value: '', label: intl.formatMessage(messages.allCategories) },
    ...COURSE_CATEGORIES.map((category) => ({ value: category, label: category })),
  ];
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 350);
  const [status, setStatus] = useState<CourseStatus | ''>('');
  const [category, setCategory] = useState<CourseCategory | ''>('');
  // A new search or filter starts again at page 1.
  const filterKey = `${q}|${status}|${category}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const params: AdminCourseParams = { page };
  if (q) params.q = q;
  if (status) params.status = status;
  if (category) params.category = category;
  const query = useAdminCourses(params);

  return (
    <Stack gap="lg">
      <Group
        gap="md"
        align="flex-end"
        wrap="wrap"
        role="search"
        aria-label={intl.formatMessage(messages.filterCourses)}
      >
        <TextInput
          label={intl.formatMessage(messages.search)}
          placeholder={intl.formatMessage(messages.searchPlaceholder)}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label={intl.formatMessage(messages.status)}
          data={statusOptions}
          value={status}
          onChange={(value) => setStatus((value ?? '') as CourseStatus | '')}
          allowDeselect={false}
          style={{ flex: '1 1 160px' }}
          maw={{ sm: 200 }}
        />
        <Select
          label={intl.formatMessage(messages.category)}
          data={categoryOptions}
          value={category}
          onChange={(value) => setCategory((value ?? '') as CourseCategory | '')}
          allowDeselect={false}
          style={{ flex: '1 1 180px' }}
          maw={{ sm: 220 }}
        />
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite">
        {query.data ? intl.formatMessage(messages.total, { count: query.data.total }) : ''}
      </Text>

      {query.isPending ? (
        <div role="status">
          <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>
          <Stack gap="xs" aria-hidden>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height={44} radius="sm" />
            ))}
          </Stack>
        </div>
      ) : query.isError ? (
        <LoadError
          title={intl.formatMessage(messages.loadFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptySection message={MESSAGES.emptySection} />
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden', opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {/* The teacher and category go under the title, and on phones the status and count too, with the
              actions stacked: the table fits a 1280 px screen beside the sidebar, and a phone, without scrolling. */}
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage(messages.course)}</Table.Th>
                  <Table.Th scope="col" w="1%" visibleFrom="sm">
                    {intl.formatMessage(messages.status)}
                  </Table.Th>
                  <Table.Th scope="col" w="1%" visibleFrom="sm">
                    {intl.formatMessage(messages.enrolled)}
                  </Table.Th>
                  <Table.Th scope="col" w="1%" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                    {intl.formatMessage(messages.lastUpdated)}
                  </Table.Th>
                  <Table.Th scope="col" w="1%">
                    <VisuallyHidden>{intl.formatMessage(messages.actions)}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((course) => (
                  <Table.Tr key={course.id}>
                    <Table.Th scope="row" fw={400}>
                      <Anchor
                        component={Link}
                        to={paths.courseDetails.href(course.id)}
                        c="gray.9"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {course.title}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {course.teacher.firstname} {course.teacher.lastname} · {course.category}
                      </Text>
                      <Group gap={6} mt={4} hiddenFrom="sm">
                        <StatusBadge status={course.status} />
                        <Text size="xs" c="dimmed">
                          {intl.formatMessage(messages.enrolledCount, { count: course.enrolledCount })}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" hiddenFrom="md" mt={2}>
                        <FormattedMessage
                          {...messages.updatedOn}
                          values={{
                            date: formatDate(course.updatedAt),
                            time: (chunks: ReactNode[]) => <time dateTime={course.updatedAt}>{chunks}</time>,
                          }}
                        />
                      </Text>
                    </Table.Th>
                    <Table.Td visibleFrom="sm">
                      <StatusBadge status={course.status} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{formatCount(course.enrolledCount)}</Table.Td>
                    <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={course.updatedAt}>{formatDate(course.updatedAt)}</time>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <PublishToggle course={course} />
                        <RowAction
                          label={intl.formatMessage(messages.edit)}
                          aria-label={intl.formatMessage(messages.editFor, { title: course.title })}
                          icon={IconEdit}
                          to={paths.admin.editCourse.href(course.id)}
                        />
                        <RowAction
                          label={intl.formatMessage(messages.curriculum)}
                          aria-label={intl.formatMessage(messages.curriculumFor, { title: course.title })}
                          icon={IconListDetails}
                          to={paths.admin.curriculum.href(course.id)}
                        />
                        <RowAction
                          label={intl.formatMessage(messages.gradebook)}
                          aria-label={intl.formatMessage(messages.gradebookFor, { title: course.title })}
                          icon={IconTable}
                          to={paths.admin.gradebook.href(course.id)}
                        />
                        <DeleteCourseButton
                          courseId={course.id}
                          title={course.title}
                          enrolledCount={course.enrolledCount}
                        />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {query.data ? (
        <ListPagination
          page={query.data.page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onChange={setPage}
          label={intl.formatMessage(messages.pagesLabel)}
        />
      ) : null}
    </Stack>
  );
}
