/**
 * The subscriptions' query keys and fetchers, in one place: the bills card, the subscriptions
 * section and the dashboard shortcut all read the one `list` entry, so marking a service as
 * not a subscription updates every one of them at once.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  reminderRouteRefs,
  subscriptionRouteRefs,
  type SubscriptionTransaction,
} from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

export const subscriptionKeys = {
  all: queryDomains.subscriptions,
  list: () => [...subscriptionKeys.all, 'list'] as const,
  transactions: (subscriptionId: string) =>
    [...subscriptionKeys.all, 'transactions', subscriptionId] as const,
  timeline: (subscriptionId: string) =>
    [...subscriptionKeys.all, 'timeline', subscriptionId] as const,
};

/** Payments of a subscription change only when a bank sync lands; no need to ask every time. */
const TRANSACTIONS_STALE_MS = 5 * 60_000;

function newestFirst(transactions: SubscriptionTransaction[]): SubscriptionTransaction[] {
  return [...transactions].sort((a, b) => b.date.localeCompare(a.date));
}

export const subscriptionQueries = {
  list: () =>
    queryOptions({
      queryKey: subscriptionKeys.list(),
      queryFn: ({ signal }) => api(subscriptionRouteRefs.listAll, undefined, { signal }),
    }),
  transactions: (subscriptionId: string) =>
    queryOptions({
      queryKey: subscriptionKeys.transactions(subscriptionId),
      queryFn: async ({ signal }) => {
        const { transaction_details } = await api(
          subscriptionRouteRefs.transactionDetails,
          { subscriptionId },
          { signal },
        );
        return newestFirst(transaction_details);
      },
      staleTime: TRANSACTIONS_STALE_MS,
    }),
  /** Status changes, newest first (status-change events, docs/reminders.md, "Status changes"). */
  timeline: (subscriptionId: string) =>
    queryOptions({
      queryKey: subscriptionKeys.timeline(subscriptionId),
      queryFn: ({ signal }) =>
        api(reminderRouteRefs.statusTimeline, { subscriptionId }, { signal }),
      staleTime: TRANSACTIONS_STALE_MS,
    }),
};
