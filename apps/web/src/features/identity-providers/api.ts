import type { AdminProvider, ProviderBody, ProviderPatch, SignInAttempt } from '@lyceum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* The school's identity providers (issue 48.3, ADR 056): the list, adding and changing one, the last sign-ins. */

const BASE = '/api/admin/identity-providers';

export const providerKeys = {
  all: ['admin', 'identity-providers'] as const,
  list: () => [...providerKeys.all, 'list'] as const,
  attempts: () => [...providerKeys.all, 'attempts'] as const,
};

/** GET /api/admin/identity-providers: every provider, secrets never included (`hasClientSecret` says if one is kept). */
export function useProviders() {
  return useQuery({
    queryKey: providerKeys.list(),
    queryFn: ({ signal }) => apiRequest<AdminProvider[]>(BASE, { signal }),
  });
}

/** GET …/attempts: the last 50 sign-ins through a provider, newest first, each refusal with its reason. */
export function useSignInAttempts() {
  return useQuery({
    queryKey: providerKeys.attempts(),
    queryFn: ({ signal }) => apiRequest<SignInAttempt[]>(`${BASE}/attempts`, { signal }),
  });
}

/** POST (a new provider) or PATCH …/:id (a change: a secret only when typed); the list is read again after. */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProviderBody | ProviderPatch }) =>
      id
        ? apiRequest<AdminProvider>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiRequest<AdminProvider>(BASE, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.list() }),
  });
}
