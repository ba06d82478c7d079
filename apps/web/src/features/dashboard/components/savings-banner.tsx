/**
 * The lifetime-savings banner (docs/dashboard.md, "Lifetime savings"), floored to whole dollars:
 * Billow never rounds a saving up. At $0 it says what is coming rather than looking like a failure.
 * Its figure is what the bank has shown; a negotiated saving not yet seen in a charge is said
 * apart, as on track to save (docs/savings.md).
 */
import { useQuery } from '@tanstack/react-query';
import { PiggyBank } from 'lucide-react';
import { formatFlooredDollars, subscriptionMessages } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { savingsQueries } from '../api/savings-queries';

export function SavingsBanner() {
  const savings = useQuery(savingsQueries.lifetime());

  return (
    <section
      aria-label="Lifetime savings"
      aria-busy={savings.isPending}
      className="flex items-center gap-4 rounded-[var(--radius-card)] bg-primary/10 p-5"
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/15">
        <PiggyBank aria-hidden="true" className="size-6 text-primary" />
      </span>
      {savings.isPending ? (
        // As tall as the answer most people see first ($0: a line, then a sentence that wraps
        // on a phone), so nothing below moves when it comes.
        <div aria-hidden="true" className="min-w-0 flex-1">
          <div className="py-0.5">
            <Skeleton className="h-6 w-52 max-w-full bg-primary/15" />
          </div>
          <div className="space-y-1 py-0.5">
            <Skeleton className="h-4 w-64 max-w-full bg-primary/15" />
            <Skeleton className="h-4 w-40 bg-primary/15 lg:hidden" />
          </div>
        </div>
      ) : savings.isError ? (
        <LoadError
          className="flex-1"
          message={subscriptionMessages.loadSavingsFailed}
          onRetry={() => void savings.refetch()}
          isRetrying={savings.isFetching}
        />
      ) : (
        <SavingsFigure
          amount={savings.data.lifetime_savings}
          promised={savings.data.promised_savings}
        />
      )}
    </section>
  );
}

/**
 * 'On track to save $120 more, counted once your bill shows it': a saving the bank has not shown
 * yet (projected, never said as saved).
 */
const promisedSavingsText = (promised: number) =>
  `On track to save ${formatFlooredDollars(promised)} more, counted once your bill shows it`;

function SavingsFigure({ amount, promised }: { amount: number; promised: number }) {
  const hasSaved = Math.floor(amount) > 0;
  const hasPromised = Math.floor(promised) > 0;
  return (
    <div className="min-w-0">
      <p className="text-lg font-semibold">
        You’ve saved <span className="money text-primary">{formatFlooredDollars(amount)}</span> with
        Billow
      </p>
      <p className="text-sm text-muted-foreground">
        {hasPromised
          ? `${promisedSavingsText(promised)}.`
          : hasSaved
            ? 'And every negotiated bill keeps adding to it.'
            : 'Your first savings are on the way: Billow is looking for bills it can lower.'}
      </p>
    </div>
  );
}
