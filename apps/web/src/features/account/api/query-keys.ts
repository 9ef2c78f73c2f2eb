/**
 * The caller's profile lives under `['me', userId]`: the same cache entry the app's once-per-load session check
 * fills, so My Account opens from it, and a saved profile or picture reaches the session check (and the header) at
 * once.
 */
export const accountKeys = {
  profile: (userId: string) => ['me', userId] as const,
};
