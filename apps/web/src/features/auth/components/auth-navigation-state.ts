/** What travels in router state to the login screen: the page to return to, and an e-mail to prefill. */
export interface AuthNavigationState {
  from?: string;
  email?: string;
}

export function readAuthNavigationState(state: unknown): AuthNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  return {
    from: typeof record.from === 'string' ? record.from : undefined,
    email: typeof record.email === 'string' ? record.email : undefined,
  };
}
