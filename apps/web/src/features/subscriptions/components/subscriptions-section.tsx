/**
 * The subscriptions section of the dashboard (docs/subscriptions.md, "The subscriptions section"):
 * the two figures people ask first (what do I pay a month, how many do I have) and every
 * subscription Billow found, in a list that scrolls with the page (a box scrolling inside the page
 * left a phone two scroll areas, one inside the other). What has the scrollable maximum height is
 * each row's list of payments.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import {
  formatDollars,
  monthlyTotal,
  type Subscription,
  subscriptionMessages,
} from '@billow/contracts';
import { lazyDialog } from '@/components/lazy-dialog';
import { SectionHeader } from '@/components/section-header';
import { LoadError } from '@/components/load-error';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { subscriptionQueries } from '../api/subscription-queries';
import { activeCount, byName, monthlyTotalSpend } from '../bill-lists';
import { SubscriptionListItem } from './subscription-list-item';

const subscriptionsSectionTexts = {
  heading: 'Subscriptions',
  back: 'Back to home',
  monthlyTotal: 'Monthly total spend',
  monthlyTotalNote: 'Monthly-billed plans only, bills such as rent included',
  monthlyEquivalent: 'Average per month',
  monthlyEquivalentNote:
    'Every active plan and bill, weekly and yearly ones as a monthly equivalent',
  activeCount: 'Active subscriptions',
  empty: 'No subscriptions found yet',
  emptyDetail:
    'Billow finds subscriptions in the transactions of your linked accounts. Link the account your bills come out of, and they will show up here.',
  retry: 'Try again',
  addMissed: 'Add a missed subscription',
} as const;

/** Loaded on demand: most visits never open it (the rule for dialogs). */
const AddMissedSubscriptionDialog = lazyDialog(
  async () => (await import('./add-missed-subscription-dialog')).AddMissedSubscriptionDialog,
  (props) => props.open,
);

export function SubscriptionsSection({ onBack }: { onBack(): void }) {
  const list = useQuery(subscriptionQueries.list());
  const [isAdding, setIsAdding] = useState(false);

  return (
    <div className="space-y-5" aria-busy={list.isPending}>
      <SectionHeader
        heading={subscriptionsSectionTexts.heading}
        backLabel={subscriptionsSectionTexts.back}
        onBack={onBack}
      />
      {list.data && (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" />
            {subscriptionsSectionTexts.addMissed}
          </Button>
        </div>
      )}
      <AddMissedSubscriptionDialog open={isAdding} onOpenChange={setIsAdding} />
      {list.data ? (
        list.data.length === 0 ? (
          <EmptySubscriptions />
        ) : (
          <SubscriptionsContent subscriptions={list.data} />
        )
      ) : list.isError ? (
        <Card>
          <LoadError
            message={subscriptionMessages.loadSubscriptionsFailed}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
            retryLabel={subscriptionsSectionTexts.retry}
          />
        </Card>
      ) : (
        <SectionSkeleton />
      )}
    </div>
  );
}

function SubscriptionsContent({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <div className="space-y-4 lg:grid lg:grid-cols-[16rem_1fr] lg:items-start lg:gap-5 lg:space-y-0">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
        <Figure
          label={subscriptionsSectionTexts.monthlyTotal}
          note={subscriptionsSectionTexts.monthlyTotalNote}
        >
          {formatDollars(monthlyTotalSpend(subscriptions))}
        </Figure>
        <Figure label={subscriptionsSectionTexts.activeCount}>{activeCount(subscriptions)}</Figure>
        <Figure
          label={subscriptionsSectionTexts.monthlyEquivalent}
          note={subscriptionsSectionTexts.monthlyEquivalentNote}
          className="col-span-2 lg:col-span-1"
        >
          {formatDollars(monthlyTotal(subscriptions))}
        </Figure>
      </dl>
      <Card className="p-0">
        <ul aria-label="Your subscriptions" className="divide-y px-5 py-3">
          {byName(subscriptions).map((subscription) => (
            <SubscriptionListItem key={subscription.id} subscription={subscription} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** A summary figure; its note says what the figure counts. */
function Figure({
  label,
  note,
  className,
  children,
}: {
  label: string;
  note?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'space-y-1 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm',
        className,
      )}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="money text-2xl font-bold">{children}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

function EmptySubscriptions() {
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10">
        <SearchX aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h2 className="font-semibold">{subscriptionsSectionTexts.empty}</h2>
      <p className="max-w-80 text-sm text-muted-foreground">
        {subscriptionsSectionTexts.emptyDetail}
      </p>
      <Link to="/link" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Link an account
      </Link>
    </Card>
  );
}

function SectionSkeleton() {
  return (
    <>
      <span role="status" className="sr-only">
        Loading your subscriptions
      </span>
      <div aria-hidden="true" className="space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-20 rounded-[var(--radius-card)]" />
          <Skeleton className="h-20 rounded-[var(--radius-card)]" />
        </div>
        <Card className="space-y-5">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex gap-3">
              <Skeleton className="size-11 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-48" />
                <Skeleton className="h-5 w-16 rounded-full" />
              </div>
              <Skeleton className="h-4 w-14" />
            </div>
          ))}
        </Card>
      </div>
    </>
  );
}
