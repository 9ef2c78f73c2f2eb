import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The data part of a page whose shell the server renders without knowing the user (the role landings, ADR 014):
 * on the server and while the browser hydrates, its queries read an empty cache that never fetches, so they show
 * their loading skeletons on both sides alike — whatever the browser's own cache already holds (the landing starts
 * its fetches before React renders). Right after hydration the part is mounted again with the app's cache.
 */
export function ShellUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [inert] = useState(
    () => new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false, gcTime: Infinity } } }),
  );
  if (hydrated) return <>{children}</>;
  return <QueryClientProvider client={inert}>{children}</QueryClientProvider>;
}
