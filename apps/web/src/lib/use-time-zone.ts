import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';
import { displayTimeZone, subscribeTimeZone, userTimeZoneSnapshot } from './time-zone';

/**
 * The time zone to show dates in: 'UTC' while the server renders a page and while the browser hydrates it (both
 * must print the same text), then the user's own zone (My Account; the browser's when the account has none),
 * re-rendered right after and whenever it changes.
 */
export function useTimeZone(): string {
  const hydrated = useHydrated();
  useSyncExternalStore(subscribeTimeZone, userTimeZoneSnapshot, () => null);
  return hydrated ? displayTimeZone() : 'UTC';
}
