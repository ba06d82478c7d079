/**
 * TanStack Query with Billow's data-cache settings (`QUERY_CACHE`; docs/errors.md, "In the web").
 */
import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@billow/contracts';
import { ApiError } from './api-client';

/**
 * An answer this young is not asked for again when another screen part mounts and reads it: the
 * dashboard asks for its first screen's data before its code has loaded, and the cards that then
 * mount read those answers instead of asking again. A change the person makes reloads what it
 * touches whatever its age (invalidateDomains), and what a job changes shows on the next visit.
 */
const FRESH_FOR_MS = 10_000;

export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_CACHE.retryBaseDelayMs * 2 ** attemptIndex, QUERY_CACHE.retryMaxDelayMs);
}

/** Up to 3 retries, but never for an answer that will not change (401, 404, 400 …). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  ) {
    return error.status === 408 || error.status === 429 ? failureCount < QUERY_CACHE.retry : false;
  }
  return failureCount < QUERY_CACHE.retry;
}

/**
 * While offline the dashboard stays on screen read-only (docs/appearance.md, "Offline"). A change
 * tried then fails at once with why, before anything is sent: TanStack would otherwise hold it
 * and send it when the connection returns, maybe long after the person gave up on it (a payment).
 */
function refuseChangesWhileOffline() {
  if (!onlineManager.isOnline()) throw new ApiError(OFFLINE_CHANGE_MESSAGE, 'network');
}

export const OFFLINE_CHANGE_MESSAGE =
  "You're offline. Changes need a connection: try again when you're back online.";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onMutate: refuseChangesWhileOffline }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: FRESH_FOR_MS,
        gcTime: QUERY_CACHE.gcTimeMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
