/**
 * Annual plans Billow pays for: the instant-savings offers, a paid plan's gift card, and paying.
 * The card is funded by a job right after the debit, so a card that is not there yet is asked
 * for again for a short while before the screen calls it a failure.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';

export const annualPlanKeys = {
  all: queryDomains.annualPlans,
  instantSavings: () => [...annualPlanKeys.all, 'instant-savings'] as const,
  giftCard: (subscriptionId: string, isFull: boolean) =>
    [...annualPlanKeys.all, 'gift-card', subscriptionId, isFull] as const,
};

/** How long a just-paid plan's card is waited for (its funding job runs in seconds). */
export const GIFT_CARD_WAIT_TRIES = 20;
const GIFT_CARD_RETRY_MS = 1000;

export const annualPlanQueries = {
  instantSavings: () =>
    queryOptions({
      queryKey: annualPlanKeys.instantSavings(),
      queryFn: ({ signal }) => api(paymentRouteRefs.instantSavings, undefined, { signal }),
    }),
  giftCard: (subscriptionId: string, includeFullCardNumber: boolean) =>
    queryOptions({
      queryKey: annualPlanKeys.giftCard(subscriptionId, includeFullCardNumber),
      queryFn: ({ signal }) =>
        api(paymentRouteRefs.giftCard, { subscriptionId, includeFullCardNumber }, { signal }),
      refetchInterval: (query) =>
        query.state.data?.success === false && query.state.dataUpdateCount < GIFT_CARD_WAIT_TRIES
          ? GIFT_CARD_RETRY_MS
          : false,
    }),
};

export function usePayAnnualPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subscription_id: string; financialAccountId: string }) =>
      api(paymentRouteRefs.pay, body),
    onSuccess: (answer) => {
      if (answer.success)
        void invalidateDomains(queryClient, [
          'annualPlans',
          'subscriptions',
          'negotiations',
          'savings',
        ]);
    },
  });
}
