/**
 * The dashboard section (spec part 2 §2): lifetime savings, the bills card and the ways into the
 * subscriptions and rewards sections. While Billow is still learning about the person (no linked account, or
 * nothing found yet) the welcome card leads with the one thing that helps most, linking.
 * The route composes the bills card and the subscriptions entry point from their own feature.
 */
import type { ReactNode } from 'react';
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
  isLoading: boolean;
  /** Spec part 2 §2: instant savings, then negotiations, then bills. */
  instantSavingsCard?: ReactNode;
  /** Spec part 2 §2: the negotiations card comes before the bills card. */
  negotiationsCard?: ReactNode;
  billsCard: ReactNode;
  subscriptionsShortcut: ReactNode;
  /** The way into the rewards section, with the balance and its progress. */
  rewardsCard?: ReactNode;
  /** What needs the person before anything else (a bank to reconnect), above the cards. */
  attention?: ReactNode;
}) {
  const isLearning = linkedAccountCount === 0 || hasSubscriptions === false;

  return (
    <div className="space-y-4">
      <h1 id="section-heading" tabIndex={-1} className="sr-only">
        Dashboard
      </h1>
      {attention}
      <SavingsBanner />
      {/* One column on a phone; on a desktop the bills take the left column. `contents` lets
          both columns' cards flow as one column until then. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          {isLoading ? (
            <WelcomeCardSkeleton />
          ) : (
            isLearning && (
              <WelcomeCard firstName={firstName} linkedAccountCount={linkedAccountCount} />
            )
          )}
          {instantSavingsCard}
          {negotiationsCard}
          {billsCard}
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          {subscriptionsShortcut}
          {rewardsCard}
          {!isLoading && isLearning && <PromiseCard />}
        </div>
      </div>
    </div>
  );
}
