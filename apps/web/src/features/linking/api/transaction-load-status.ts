/**
 * The status the loading screen polls after a link (docs/linking.md, "Loading after a link"): asked
 * at once, then every 5 s until transactions are loaded or no account is linked. Polling stops on
 * its own when the screen unmounts (the query has no observer left) and after a failure, which ends
 * the screen.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  bankingRoutes,
  TRANSACTION_STATUS_MAX_WAIT_MS,
  TRANSACTION_STATUS_POLL_MS,
  type TransactionLoadStatus,
} from '@billow/contracts';
import { api, ApiError } from '@/lib/api-client';
import { linkingMessages } from '@billow/contracts';
import { linkingKeys } from './link-token';

export function isLoadingDone(status: TransactionLoadStatus | undefined): boolean {
  return status !== undefined && (status.transactionsLoaded || !status.isAccountLinked);
}

export function transactionLoadStatusQuery() {
  return queryOptions({
    queryKey: linkingKeys.transactionLoadStatus(),
    // Each check may be held by the server until loading is done (below the poll interval), so
    // the screen moves on as soon as the subscriptions are there, not at its next poll.
    queryFn: ({ signal }) =>
      api(bankingRoutes.transactionLoadStatus, undefined, {
        signal,
        query: { waitMs: TRANSACTION_STATUS_MAX_WAIT_MS },
      }),
    gcTime: 0,
    // A failed check ends the screen (docs/linking.md, "Loading after a link"), so it is shown at
    // once rather than retried.
    retry: false,
    refetchInterval: (query) =>
      isLoadingDone(query.state.data) || query.state.status === 'error'
        ? false
        : TRANSACTION_STATUS_POLL_MS,
    // Loading carries on while the person looks at another tab.
    refetchIntervalInBackground: true,
  });
}

/**
 * What the loading screen says when a check fails (docs/linking.md, "Loading after a link"). The
 * shared request helper is the "central API error handler": a lost session already signs the person
 * out there. Every other failure gets the local message for the check that failed, and an answer
 * that could not be read the generic one.
 */
export function describeStatusError(error: unknown, isInitialCheck: boolean): string {
  if (error instanceof ApiError && error.kind === 'invalid-response')
    return linkingMessages.statusFailed;
  return isInitialCheck ? linkingMessages.statusInitialFailed : linkingMessages.statusPollingFailed;
}
