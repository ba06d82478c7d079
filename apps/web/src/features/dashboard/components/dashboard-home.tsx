/**
 * The dashboard section (docs/dashboard.md, "The dashboard section"): lifetime savings, the bills
 * card and the ways into the subscriptions and rewards sections. While Billow is still learning
 * about the person (no linked account, or nothing found yet) the welcome card leads with the one
 * thing that helps most, linking. The route composes the bills card and the subscriptions entry
 * point from their own feature.
 */
import { useDeferredValue, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SavingsBanner } from './savings-banner';
import { PromiseCard, WelcomeCard, WelcomeCardSkeleton } from './welcome-card';

export function DashboardHome({
  firstName,
  linkedAccountCount,
  hasSubscriptions,
  isLoading,
  instantSavingsCard,
  negotiationsCard,
  billsCard,
  subscriptionsShortcut,
  rewardsCard,
  attention,
}: {
  firstName: string | undefined;
  linkedAccountCount: number;
  /** Undefined while the subscriptions are loading. */
  hasSubscriptions: boolean | undefined;
  /** The profile or a card's first answer is still on its way: the cards wait behind one skeleton. */
  isLoading: boolean;
  /** docs/dashboard.md, "The dashboard section": instant savings, then negotiations, then bills. */
  instantSavingsCard?: ReactNode;
  /**
   * docs/dashboard.md, "The dashboard section": the negotiations card comes before the bills card.
   */
  negotiationsCard?: ReactNode;
  billsCard: ReactNode;
  subscriptionsShortcut: ReactNode;
  /** The way into the rewards section, with the balance and its progress. */
  rewardsCard?: ReactNode;
  /** What needs the person before anything else (a bank to reconnect), above the cards. */
  attention?: ReactNode;
}) {
  const isLearning = linkedAccountCount === 0 || hasSubscriptions === false;
  // The cards replace their skeleton in a render React may slice, keeping the page responsive
  // meanwhile: drawn at once, they were the longest task of the dashboard's start on a phone,
  // and the answers that end the wait arrive through the query cache as urgent updates.
  const isWaiting = useDeferredValue(isLoading);

  return (
    <div className="space-y-4">
      <h1 id="section-heading" tabIndex={-1} className="sr-only">
        Dashboard
      </h1>
      {attention}
      <SavingsBanner />
      {/* One column on a phone, in the documented order. On a desktop the bills fill the left
          column and everything else stacks beside them; the order people tab through
          stays that one. The last row takes what is left, so the right column stays packed. */}
      {isWaiting ? (
        <HomeCardsSkeleton />
      ) : (
        <div className="flex flex-col gap-4 lg:grid lg:grid-flow-row-dense lg:grid-cols-2 lg:grid-rows-[repeat(5,auto)_1fr] lg:items-start">
          {isLearning && (
            <div className="lg:col-start-1">
              <WelcomeCard firstName={firstName} linkedAccountCount={linkedAccountCount} />
            </div>
          )}
          {instantSavingsCard && (
            <div className="empty:hidden lg:col-start-2">{instantSavingsCard}</div>
          )}
          {negotiationsCard && (
            <div className="empty:hidden lg:col-start-2">{negotiationsCard}</div>
          )}
          <div className="empty:hidden lg:col-start-1 lg:row-span-6">{billsCard}</div>
          <div className="empty:hidden lg:col-start-2">{subscriptionsShortcut}</div>
          {rewardsCard && <div className="empty:hidden lg:col-start-2">{rewardsCard}</div>}
          {isLearning && (
            <div className="empty:hidden lg:col-start-2">
              <PromiseCard />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The cards' place while their first answers come in: one skeleton for all of them, so they
 * appear together instead of pushing each other down one by one.
 */
function HomeCardsSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:items-start">
      <WelcomeCardSkeleton />
      <Card className="space-y-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-12 w-full rounded-xl" />
        <Skeleton className="h-12 w-full rounded-xl" />
      </Card>
    </div>
  );
}
