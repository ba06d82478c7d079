/**
 * Negotiation offers: one cache entry shared by the dashboard card and the negotiations section.
 * While a call runs the list is asked again every second and a half, so its stages move on screen.
 */
import { useCallback, useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { negotiationRouteRefs, type NegotiationOffer } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';

const negotiationKeys = {
  all: queryDomains.negotiations,
  list: () => [...negotiationKeys.all, 'list'] as const,
};

const LIVE_REFRESH_MS = 1500;

const isRunning = (offer: NegotiationOffer) => offer.status === 'IN_PROGRESS';

export const negotiationQueries = {
  list: () =>
    queryOptions({
      queryKey: negotiationKeys.list(),
      queryFn: ({ signal }) => api(negotiationRouteRefs.negotiable, undefined, { signal }),
      refetchInterval: (query) => (query.state.data?.some(isRunning) ? LIVE_REFRESH_MS : false),
    }),
};

/** Sends the answers; the list (and what a finished call changes) reloads after. */
export function useSubmitRequiredInfo() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { subscriptionId: string; requiredInfo: Record<string, string> }) =>
      api(negotiationRouteRefs.submitRequiredInfo, body),
    onSettled: () => invalidateDomains(queryClient, ['negotiations']),
  });
}

/** When a call ends the bill, the lifetime savings and the rewards may have changed too. */
function useRefreshAfterCall() {
  const queryClient = useQueryClient();
  return useCallback(
    () => invalidateDomains(queryClient, ['subscriptions', 'savings', 'rewards']),
    [queryClient],
  );
}

/**
 * The offers, reloading the bill and the savings banner when a call this screen watched ends
 * (the bill's amount and the lifetime savings change with a successful negotiation).
 */
export function useNegotiations() {
  const list = useQuery(negotiationQueries.list());
  const refreshAfterCall = useRefreshAfterCall();
  const running = useRef(new Set<string>());
  useEffect(() => {
    if (!list.data) return;
    const now = new Set(list.data.filter(isRunning).map((o) => o.subscription_id));
    const ended = [...running.current].some((id) => !now.has(id));
    running.current = now;
    if (ended) void refreshAfterCall();
  }, [list.data, refreshAfterCall]);
  return list;
}
