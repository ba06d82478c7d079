/**
 * Adding a subscription detection missed: the person's money-out charges no
 * subscription holds, a page at a time and found by words, and the add itself, after which every
 * screen's subscriptions (and the savings figures drawn from them) reload.
 */
import { infiniteQueryOptions, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes, type AddMissedSubscriptionBody } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { subscriptionKeys } from './subscription-queries';

export const missedCandidatesQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...subscriptionKeys.all, 'missed-candidates', search] as const,
    queryFn: ({ pageParam, signal }) =>
      api(subscriptionRoutes.missedCandidates, undefined, {
        query: { page: pageParam, q: search || undefined },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export function useAddMissedSubscription() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: AddMissedSubscriptionBody) => api(subscriptionRoutes.addMissed, body),
    onSuccess: () => invalidateDomains(queryClient, ['subscriptions', 'savings']),
  });
}
