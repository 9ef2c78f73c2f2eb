import { useHydrated } from './use-hydrated';

/**
 * The time zone to show dates in: 'UTC' while the server renders a page and while the browser hydrates it (both
 * must print the same text), then the reader's own zone (undefined: the browser's), re-rendered right after.
 */
export function useTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}
