import type {
  MarkReadBody,
  NotificationList,
  NotificationPreferences,
  UnreadCount,
  UnsubscribeResult,
  UpdatePreferencesBody,
} from '@lyceum/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ListFilters {
  type?: string;
  unread?: boolean;
}

/** Everything of one user's notifications lives under ['notifications', userId]. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
  latest: (userId: string) => ['notifications', userId, 'latest'] as const,
  list: (userId: string, filters: ListFilters) => ['notifications', userId, 'list', filters] as const,
  preferences: (userId: string) => ['notification-preferences', userId] as const,
};

function listUrl(filters: ListFilters & { before?: number; limit: number }): string {
  const query = new URLSearchParams({ limit: String(filters.limit) });
  if (filters.before !== undefined) query.set('before', String(filters.before));
  if (filters.type) query.set('type', filters.type);
  if (filters.unread) query.set('unread', 'true');
  return `/api/notifications?${query.toString()}`;
}

export function useUnreadCount(userId: string) {
  return useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest<UnreadCount>('/api/notifications/unread-count', { signal })).unread,
    // Kept current by the live stream, not by polling.
    staleTime: Infinity,
  });
}

export function useLatestNotifications(userId: string, enabled: boolean, limit: number) {
  return useQuery({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }) => apiRequest<NotificationList>(listUrl({ limit }), { signal }),
    enabled,
  });
}

export function useNotificationList(userId: string, filters: ListFilters, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationList>(listUrl({ ...filters, limit: pageSize, before: pageParam }), { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useMarkRead(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => apiRequest<UnreadCount>('/api/notifications/read', { method: 'POST', body }),
    onSuccess: (result) => {
      client.setQueryData(notificationKeys.unread(userId), result.unread);
      void client.invalidateQueries({ queryKey: notificationKeys.all(userId) });
    },
  });
}

export function usePreferences(userId: string) {
  return useQuery({
    queryKey: notificationKeys.preferences(userId),
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/api/me/notification-preferences', { signal }),
  });
}

export function useUpdatePreferences(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) =>
      apiRequest<NotificationPreferences>('/api/me/notification-preferences', { method: 'PUT', body }),
    onSuccess: (result) => client.setQueryData(notificationKeys.preferences(userId), result),
  });
}

/** The page behind a mail's unsubscribe link: no session needed. */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return apiRequest<UnsubscribeResult>(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
  });
}
