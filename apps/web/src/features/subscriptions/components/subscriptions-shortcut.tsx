/**
 * The dashboard's way into the subscriptions section: how many there are and what the person
 * pays a month for them (the one monthly figure, docs/figures.md), then one button. Its figures come from the list the bills card already loaded;
 * when that failed, the bills card says so and this card simply offers the way in.
 */
import { useQuery } from '@tanstack/react-query';
import { ChartColumn, ChevronRight, Repeat } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDollars, monthlyTotal } from '@billow/contracts';
import { subscriptionQueries } from '../api/subscription-queries';
import { activeCount } from '../bill-lists';

export function SubscriptionsShortcut({
  onOpen,
  onOpenSpending,
}: {
  onOpen(): void;
  /** The spending charts and the price increases. */
  onOpenSpending?(): void;
}) {
  const list = useQuery(subscriptionQueries.list());

  return (
    <Card aria-labelledby="subscriptions-shortcut-title" className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10">
          <Repeat aria-hidden="true" className="size-5 text-primary" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle id="subscriptions-shortcut-title">Subscriptions</CardTitle>
          {list.data ? (
            <p className="text-sm text-muted-foreground">
              <span className="money">{activeCount(list.data)}</span> active ·{' '}
              <span className="money">{formatDollars(monthlyTotal(list.data))}</span> a month in
              plans and bills
            </p>
          ) : list.isPending ? (
            <Skeleton className="mt-1 h-4 w-40" />
          ) : (
            <p className="text-sm text-muted-foreground">Everything Billow found, in one list</p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Button variant="outline" className="w-full" onClick={onOpen}>
          See all subscriptions
          <ChevronRight aria-hidden="true" />
        </Button>
        {onOpenSpending && (
          <Button variant="ghost" className="w-full" onClick={onOpenSpending}>
            <ChartColumn aria-hidden="true" />
            Spending and price increases
          </Button>
        )}
      </div>
    </Card>
  );
}
