import { runtimeTimeZone } from '@lyceum/contract/constants';

/**
 * The signed-in user's time zone (issue 46.9, ADR 050): every date on a screen is shown in it. Taken from the session
 * token (set by the auth provider); none while logged out or before the account has one: the browser's.
 */
let userTimeZone: string | null = null;
const listeners = new Set<() => void>();

export function setUserTimeZone(zone: string | null): void {
  if (zone === userTimeZone) return;
  userTimeZone = zone;
  for (const listener of listeners) listener();
}

/** The zone dates are shown in now: the user's, else the browser's. */
export function displayTimeZone(): string {
  return userTimeZone ?? browserTimeZone();
}

/** The browser's own zone (sent at sign-in). */
export function browserTimeZone(): string {
  return runtimeTimeZone();
}

export function subscribeTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function userTimeZoneSnapshot(): string | null {
  return userTimeZone;
}
