/**
 * The bills calendar's data: the charges due in a month, and the private feed link. The charges
 * come from the subscriptions, so their keys sit in the subscriptions domain and reload whenever
 * the subscriptions do (a sync, a bill marked as not a subscription).
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { calendarRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

const calendarKeys = {
  upcoming: (from: string, until: string) =>
    [...queryDomains.subscriptions, 'calendar', from, until] as const,
  paid: (from: string, until: string) =>
    [...queryDomains.subscriptions, 'calendar', 'paid', from, until] as const,
};

export const calendarQueries = {
  upcoming: (from: string, until: string) =>
    queryOptions({
      queryKey: calendarKeys.upcoming(from, until),
      queryFn: ({ signal }) =>
        api(calendarRoutes.upcoming, undefined, { query: { from, until }, signal }),
      // Stepping back to a month already seen shows it at once.
      staleTime: 60_000,
    }),
  /** The charges already paid in the month: shown apart from the ones still due. */
  paid: (from: string, until: string) =>
    queryOptions({
      queryKey: calendarKeys.paid(from, until),
      queryFn: ({ signal }) =>
        api(calendarRoutes.paid, undefined, { query: { from, until }, signal }),
      staleTime: 60_000,
    }),
};

/** Creates the person's feed link, or returns the one they have. */
export const useFeedUrl = () =>
  useMutation({ mutationFn: () => api(calendarRoutes.feedUrl, undefined) });

/** Replaces the feed link: calendars subscribed with the old one stop updating. */
export const useResetFeedUrl = () =>
  useMutation({ mutationFn: () => api(calendarRoutes.resetFeedUrl, undefined) });
