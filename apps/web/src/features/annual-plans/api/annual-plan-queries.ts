/**
 * Annual plans Billow pays for: the instant-savings offers, a paid plan's gift card, and paying.
 * The card is funded by a job right after the debit, so a card that is not there yet is asked
 * for again for a short while before the screen calls it a failure; its code is released when
 * the debit settles (docs/payments.md), so a card on its way is asked for again until then.
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
/** How often a card whose debit has not settled yet is looked at again. */
const ON_ITS_WAY_RETRY_MS = 5000;

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
      refetchInterval: (query) => {
        const data = query.state.data;
        // A card on its way is looked at again until its code is released.
        if (data?.payment?.status === 'on-its-way') return ON_ITS_WAY_RETRY_MS;
        return data?.success === false &&
          data.payment?.status !== 'returned' &&
          query.state.dataUpdateCount < GIFT_CARD_WAIT_TRIES
          ? GIFT_CARD_RETRY_MS
          : false;
      },
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

/** After `bank_action_required`: a link token for the bank this subscription's payment needs. */
export function requestPaymentBankLink(subscriptionId: string) {
  return api(paymentRouteRefs.bankLink, { subscription_id: subscriptionId });
}
