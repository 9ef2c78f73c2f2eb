import type { AdminUserSort, ManagedRole } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Group, Paper, Skeleton, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { useUsers } from '../api/get-users';
import { useUserListParams } from '../hooks/use-user-list-params';
import { adminMessages as messages } from '../messages';
import { ExportCsvButton } from './export-csv-button';
import { UserActionConfirm, useUserActionRunner } from './user-action-modals';
import type { ActionTarget, UserActionKind, UserActionRequest } from './user-actions';
import { UserDetailsDrawer } from './user-details-drawer';
import { UserTable } from './user-table';

/** How long typing pauses before the search runs (and lands in the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The student or teacher list of the admin area: search, sortable columns, pages, CSV export, a details drawer
 * and the account actions. Search, sort and page live in the URL.
 */
export function UserManagement({
  role,
  studentExtra,
}: {
  role: ManagedRole;
  /** More in a student's details drawer, from another feature (e.g. their date of birth). */
  studentExtra?: (studentId: string) => ReactNode;
}) {
  const { state } = useAuth();
  const currentUserId = state.user?.id;
  const { q, sort, order, params, update } = useUserListParams(role);
  const query = useUsers(params);
  const intl = useIntl();

  // The box follows the URL (Back, a shared link) unless the admin is typing.
  const [search, setSearch] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    setSearch(q);
  }
  const runSearch = useDebouncedCallback(
    (value: string) => update({ q: value }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UserActionRequest | null>(null);
  const actions = useUserActionRunner();

  function onAction(kind: UserActionKind, user: ActionTarget) {
    if (kind === 'reset') actions.run({ kind, user }, () => {});
    else setConfirming({ kind, user });
  }

  function onSort(column: AdminUserSort) {
    if (column === sort) update({ sort: column, order: order === 'asc' ? 'desc' : 'asc' });
    else update({ sort: column });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <TextInput
          role="searchbox"
          label={intl.formatMessage(messages.searchLabel, { role })}
          placeholder={intl.formatMessage(messages.searchPlaceholder)}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            runSearch(event.currentTarget.value);
          }}
          leftSection={<IconSearch size={18} aria-hidden />}
          style={{ flex: '1 1 280px' }}
          maw={{ sm: 420 }}
        />
        <ExportCsvButton filters={{ role, sort, order, ...(params.q ? { q: params.q } : {}) }} />
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite">
        {query.data ? intl.formatMessage(messages.total, { role, count: query.data.total }) : ''}
      </Text>

      {query.isPending ? (
        <div role="status">
          <VisuallyHidden>{intl.formatMessage(messages.loading, { role })}</VisuallyHidden>
          <Stack gap="xs" aria-hidden>
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} height={52} radius="sm" />
            ))}
          </Stack>
        </div>
      ) : query.isError ? (
        <LoadError title={MESSAGES.usersViewFailed} onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptySection
          message={
            params.q
              ? intl.formatMessage(messages.noMatch, { role, q: params.q })
              : intl.formatMessage(messages.noneYet, { role })
          }
          description={params.q ? intl.formatMessage(messages.noMatchHint) : undefined}
          icon={<IconUsers size={28} aria-hidden />}
        />
      ) : (
        <Paper
          withBorder
          radius="lg"
          style={{ overflow: 'hidden', opacity: query.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={query.isPlaceholderData || undefined}
        >
          <UserTable
            role={role}
            users={query.data.items}
            sort={sort}
            order={order}
            onSort={onSort}
            currentUserId={currentUserId}
            onOpenDetails={(user) => setDetailsId(user.id)}
            onAction={onAction}
          />
        </Paper>
      )}

      {query.data ? (
        <ListPagination
          page={query.data.page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onChange={(page) => update({ page })}
          label={intl.formatMessage(messages.pagesLabel, { role })}
        />
      ) : null}

      <UserDetailsDrawer
        userId={detailsId}
        currentUserId={currentUserId}
        covered={confirming !== null}
        onClose={() => setDetailsId(null)}
        onAction={onAction}
        studentExtra={studentExtra}
      />
      <UserActionConfirm
        request={confirming}
        pending={actions.pending}
        onClose={() => setConfirming(null)}
        onConfirm={(request) => actions.run(request, () => setConfirming(null))}
      />
    </Stack>
  );
}
