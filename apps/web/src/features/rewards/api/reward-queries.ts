/**
 * The rewards figures (docs/rewards.md, "What the section shows": balance, lifetime accrued, next
 * reward) and the history read from the rewards ledger, a page at a time. One cache domain, so
 * whatever earns or spends rewards reloads all of it.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { REWARD_HISTORY_PAGE_SIZE, rewardRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

const rewardKeys = {
  all: queryDomains.rewards,
  balance: () => [...rewardKeys.all, 'balance'] as const,
  lifetimeAccrued: () => [...rewardKeys.all, 'lifetime-accrued'] as const,
  nextReward: () => [...rewardKeys.all, 'next-reward'] as const,
  history: () => [...rewardKeys.all, 'history'] as const,
  choices: () => [...rewardKeys.all, 'choices'] as const,
};

export const rewardQueries = {
  balance: () =>
    queryOptions({
      queryKey: rewardKeys.balance(),
      queryFn: ({ signal }) => api(rewardRouteRefs.balance, undefined, { signal }),
    }),
  lifetimeAccrued: () =>
    queryOptions({
      queryKey: rewardKeys.lifetimeAccrued(),
      queryFn: ({ signal }) => api(rewardRouteRefs.lifetimeAccrued, undefined, { signal }),
    }),
  nextReward: () =>
    queryOptions({
      queryKey: rewardKeys.nextReward(),
      queryFn: ({ signal }) => api(rewardRouteRefs.nextReward, undefined, { signal }),
    }),
  /** The six reward options, named after the person's bills, each with the bill it would pay. */
  choices: () =>
    queryOptions({
      queryKey: rewardKeys.choices(),
      queryFn: ({ signal }) => api(rewardRouteRefs.choices, undefined, { signal }),
    }),
  history: () =>
    infiniteQueryOptions({
      queryKey: rewardKeys.history(),
      initialPageParam: 1,
      queryFn: ({ signal, pageParam }) =>
        api(rewardRouteRefs.history, undefined, {
          signal,
          query: { page: pageParam, page_size: REWARD_HISTORY_PAGE_SIZE },
        }),
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    }),
};
