/**
 * What the dashboard's first screen shows, asked for together as soon as the page is known to be
 * the dashboard, while its code is still loading; and whether the cards' part of it is
 * still on its way. The cards wait for all of it behind one skeleton and then appear together,
 * instead of small skeletons that grow one after another and push the cards below them down the
 * page as each answer comes in.
 */
import { useEffect, useState } from 'react';
import { useQueries, type QueryClient } from '@tanstack/react-query';
import { annualPlanQueries } from '@/features/annual-plans/api/annual-plan-queries';
import { negotiationQueries } from '@/features/negotiations/api/negotiation-queries';
import { rewardQueries } from '@/features/rewards/api/reward-queries';
import { subscriptionQueries } from '@/features/subscriptions/api/subscription-queries';
import { overdraftQueries } from '@/features/dashboard/api/overdraft-queries';
import { savingsQueries } from '@/features/dashboard/api/savings-queries';

/** The cards' first answers. The savings banner holds its own place and does not wait. */
const cardQueries = () =>
  [
    subscriptionQueries.list(),
    annualPlanQueries.instantSavings(),
    // Only the card watches a running call; waiting needs its first answer alone.
    { ...negotiationQueries.list(), refetchInterval: false },
    rewardQueries.balance(),
  ] as const;

export function prefetchHome(queryClient: QueryClient): void {
  const [list, instantSavings, negotiations, balance] = cardQueries();
  void queryClient.prefetchQuery(list);
  void queryClient.prefetchQuery(instantSavings);
  void queryClient.prefetchQuery(negotiations);
  void queryClient.prefetchQuery(balance);
  void queryClient.prefetchQuery(savingsQueries.lifetime());
  void queryClient.prefetchQuery(overdraftQueries.risk());
}

/** How long the cards wait for each other at most; after that each shows its own skeleton. */
export const HOME_CARDS_WAIT_MS = 1500;

/**
 * Whether the cards of the dashboard's first screen should still wait for each other: a first
 * request of theirs is still on its way. A failed one (retrying) or a slow one past
 * `HOME_CARDS_WAIT_MS` holds no one up.
 */
export function useHomeCardsPending(): boolean {
  const isWaiting = useQueries({
    queries: cardQueries(),
    combine: (results) => results.some((result) => result.isPending && result.failureCount === 0),
  });
  // Once the cards are out they stay out: a card's own reload (an error retried when it mounts)
  // must not put them back behind the skeleton.
  const [isDone, setDone] = useState(false);
  if (!isWaiting && !isDone) setDone(true);
  useEffect(() => {
    if (isDone) return;
    const timer = setTimeout(() => setDone(true), HOME_CARDS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isDone]);
  return !isDone;
}
