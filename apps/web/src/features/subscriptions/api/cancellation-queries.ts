/**
 * Cancelling a subscription (docs/cancellations.md): the merchant's options and the person's
 * cancellations, under the subscriptions domain so a finished cancellation reloads the bills.
 * While a call runs the options are asked again every second and a half, so its stages move.
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancellationRoutes, type Cancellation, type CancelBody } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { subscriptionKeys } from './subscription-queries';

const LIVE_REFRESH_MS = 1500;

const cancellationKeys = {
  list: () => [...subscriptionKeys.all, 'cancellations'] as const,
  options: (subscriptionId: string) =>
    [...subscriptionKeys.all, 'cancellation-options', subscriptionId] as const,
};

const isCalling = (c: Cancellation | null | undefined) =>
  c?.way === 'call' && (c.status === 'REQUESTED' || c.status === 'IN_PROGRESS');

export const cancellationQueries = {
  list: () =>
    queryOptions({
      queryKey: cancellationKeys.list(),
      queryFn: ({ signal }) => api(cancellationRoutes.list, undefined, { signal }),
    }),
  options: (subscriptionId: string) =>
    queryOptions({
      queryKey: cancellationKeys.options(subscriptionId),
      queryFn: ({ signal }) =>
        api(cancellationRoutes.options, undefined, { signal, query: { subscriptionId } }),
      refetchInterval: (query) =>
        isCalling(query.state.data?.cancellation) ? LIVE_REFRESH_MS : false,
    }),
};

/** The options, reloading the bills and savings when a call this sheet watched ends. */
export function useCancellationOptions(subscriptionId: string) {
  const options = useQuery(cancellationQueries.options(subscriptionId));
  const queryClient = useQueryClient();
  const wasCalling = useRef(false);
  const calling = isCalling(options.data?.cancellation);
  useEffect(() => {
    if (wasCalling.current && !calling)
      void queryClient.invalidateQueries({ queryKey: cancellationKeys.list() });
    wasCalling.current = calling;
  }, [calling, queryClient]);
  return options;
}

/** Asks Billow to cancel, one way; the sheet and the cancellations reload after. */
export function useCancel() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: CancelBody) => api(cancellationRoutes.cancel, body),
    onSettled: () => invalidateDomains(queryClient, ['subscriptions']),
  });
}

/** "I've cancelled" (or "I've sent it"): the person's word, with the merchant's number if any. */
export function useConfirmCancelled() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { cancellationId: string; confirmationNumber?: string }) =>
      api(cancellationRoutes.confirm, body),
    onSettled: () => invalidateDomains(queryClient, ['subscriptions', 'savings']),
  });
}
