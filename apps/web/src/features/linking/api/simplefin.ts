/**
 * SimpleFIN Bridge (docs/banking.md): whether this server offers it, and connecting
 * with a pasted setup token. A refusal is shown in the server's words (its problem detail, or
 * the field's message for an empty token).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bankingRoutes, linkingMessages } from '@billow/contracts';
import { api, ApiError } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { linkingKeys } from './link-token';

export function bankSourcesQuery() {
  return queryOptions({
    queryKey: [...linkingKeys.all, 'sources'] as const,
    queryFn: ({ signal }) => api(bankingRoutes.sources, undefined, { signal }),
    staleTime: Infinity,
  });
}

export function describeSimplefinError(error: unknown): string {
  if (error instanceof ApiError && error.problem) {
    return error.problem.errors?.[0]?.message ?? error.problem.detail;
  }
  return linkingMessages.resultFailed;
}

export function useSimplefinConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupToken: string) => api(bankingRoutes.simplefinConnect, { setupToken }),
    onSuccess: () => invalidateDomains(queryClient, ['accounts', 'profile', 'subscriptions']),
  });
}
