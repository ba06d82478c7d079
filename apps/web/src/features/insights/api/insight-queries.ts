/**
 * Where the money goes: spending by month and category, the prices that went up, and what is
 * still due this month. All of it is read from the subscriptions, so the keys sit in that domain
 * and reload with it.
 */
import { queryOptions } from '@tanstack/react-query';
import { calendarRoutes, insightRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

const root = [...queryDomains.subscriptions, 'insights'] as const;

/** History changes only when a sync lands; the subscriptions domain reloads it then. */
const STALE_MS = 5 * 60_000;

export const insightQueries = {
  spendingHistory: () =>
    queryOptions({
      queryKey: [...root, 'spending-history'] as const,
      queryFn: ({ signal }) => api(insightRoutes.spendingHistory, undefined, { signal }),
      staleTime: STALE_MS,
    }),
  priceIncreases: () =>
    queryOptions({
      queryKey: [...root, 'price-increases'] as const,
      queryFn: ({ signal }) => api(insightRoutes.priceIncreases, undefined, { signal }),
      staleTime: STALE_MS,
    }),
  /** The charges still to come from today to the month's end. */
  stillDue: (from: string, until: string) =>
    queryOptions({
      queryKey: [...root, 'still-due', from, until] as const,
      queryFn: ({ signal }) =>
        api(calendarRoutes.upcoming, undefined, { query: { from, until }, signal }),
      staleTime: STALE_MS,
    }),
};
