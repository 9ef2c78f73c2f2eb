import type { CalendarEvents } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/me/calendar/events → the caller's due dates from `from` to `to` (issue 49.2). */
export function useCalendarEvents(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['calendar', 'events', range.from, range.to],
    queryFn: ({ signal }) =>
      apiRequest<CalendarEvents>(
        `/api/me/calendar/events?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
        { signal },
      ),
    // Stepping to the next month keeps the last one on screen until the new one arrives: nothing jumps.
    placeholderData: keepPreviousData,
  });
}
