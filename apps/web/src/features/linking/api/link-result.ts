/**
 * Handing the public token from Link to the server (docs/linking.md, "/link"). A reply whose status
 * is not 'success' is 'Failed to link account. Please try again.'; a failed request shows what the
 * server said (its problem detail, else the error's message), or 'An error occurred'. On success
 * the accounts, the profile that lists them and the subscriptions found in them are stale;
 * linking's own queries are not: reloading the link token would ask for (and store) a new one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankingRoutes } from '@billow/contracts';
import { api, ApiError } from '@/lib/api-client';
import { linkingMessages } from '@billow/contracts';
import { invalidateDomains } from '@/lib/query-domains';

class LinkResultError extends Error {
  constructor() {
    super(linkingMessages.resultNotSuccess);
    this.name = 'LinkResultError';
  }
}

async function postLinkResult(publicToken: string): Promise<void> {
  const { status } = await api(bankingRoutes.linkResult, { publicToken });
  if (status !== 'success') throw new LinkResultError();
}

export function describeLinkResultError(error: unknown): string {
  if (error instanceof LinkResultError) return error.message;
  if (error instanceof ApiError && error.problem?.detail) return error.problem.detail;
  if (error instanceof Error && error.message) return error.message;
  return linkingMessages.resultFailed;
}

export function useLinkResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLinkResult,
    onSuccess: () => invalidateDomains(queryClient, ['accounts', 'profile', 'subscriptions']),
  });
}
