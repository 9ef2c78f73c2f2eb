import type { CalendarFeed } from '@lyceum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { classKeys } from './query-keys';

/** GET /api/me/calendar → the caller's private iCalendar URL. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: classKeys.calendar(),
    queryFn: ({ signal }) => apiRequest<CalendarFeed>('/api/me/calendar', { signal }),
    enabled,
  });
}

/** POST /api/me/calendar/reset → a new URL; the old one stops answering. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('/api/me/calendar/reset', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(classKeys.calendar(), feed),
  });
}
