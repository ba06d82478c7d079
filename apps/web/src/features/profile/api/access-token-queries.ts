/** Personal access tokens of the profile: the list, making one and revoking one. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accessTokenRoutes, type RouteBody } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';

const accessTokenKeys = {
  all: queryDomains.accessTokens,
  list: () => [...accessTokenKeys.all, 'list'] as const,
};

export const accessTokenQueries = {
  list: () =>
    queryOptions({
      queryKey: accessTokenKeys.list(),
      queryFn: ({ signal }) => api(accessTokenRoutes.list, undefined, { signal }),
    }),
};

/** Makes a token; the answer holds its secret, which the screen shows this once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof accessTokenRoutes.create>) =>
      api(accessTokenRoutes.create, body),
    onSuccess: () => invalidateDomains(queryClient, ['accessTokens']),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessTokenId: string) => api(accessTokenRoutes.revoke, { accessTokenId }),
    onSuccess: () => invalidateDomains(queryClient, ['accessTokens']),
  });
}
