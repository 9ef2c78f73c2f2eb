import type { Role } from '@lyceum/contract';

/**
 * Starts downloading a role area's code before it is opened: the login form asks while the login request is in
 * flight (for the role this browser logged in with last time) and again when the answer names the role, so the
 * area's chunk is there by the time the login screen's pause ends (issue 15). The router registers the loaders;
 * features call `prefetchArea` without importing the app.
 */
type AreaLoader = () => Promise<unknown>;
let loaders: Partial<Record<Role, AreaLoader>> = {};
const LAST_ROLE_KEY = 'lyceum:last-role';

export function registerAreaLoaders(next: Partial<Record<Role, AreaLoader>>): void {
  loaders = next;
}

export function prefetchArea(role: Role): void {
  // A failed prefetch costs nothing: the route loads the chunk again when it is opened.
  loaders[role]?.().catch(() => undefined);
}

/** The role this browser last logged in with, if any. */
export function lastRole(): Role | null {
  try {
    const value = window.localStorage.getItem(LAST_ROLE_KEY);
    return value === 'student' || value === 'teacher' || value === 'admin' || value === 'guardian' ? value : null;
  } catch {
    return null;
  }
}

export function rememberRole(role: Role): void {
  try {
    window.localStorage.setItem(LAST_ROLE_KEY, role);
  } catch {
    // storage disabled: the next login simply prefetches after the answer
  }
}
