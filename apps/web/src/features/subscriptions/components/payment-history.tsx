/**
 * A subscription's payments, newest first, as "Paid March 3rd $15.49" (docs/subscriptions.md,
 * "Subscription detail"). It loads the first time it is shown and reads the cache after that, so
 * opening the same subscription again costs nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPaymentDate } from '@/lib/dates';
import { formatAbsoluteDollars } from '@billow/contracts';
import { subscriptionQueries } from '../api/subscription-queries';

/** Recent payments: up to 12 newest entries (docs/subscriptions.md, "Subscription detail"). */
export const RECENT_PAYMENTS_LIMIT = 12;

const paymentHistoryTexts = {
  loadFailed: 'Error loading transactions',
  retry: 'Try again',
  empty: 'No recent transactions found',
} as const;

export function PaymentHistory({
  subscriptionId,
  merchantName,
  limit,
}: {
  subscriptionId: string;
  /** Names the list for screen readers ('Netflix payments'). */
  merchantName: string;
  /** Show at most this many (the newest); all of them when left out. */
  limit?: number;
}) {
  const payments = useQuery(subscriptionQueries.transactions(subscriptionId));
  const today = new Date();

  if (payments.isPending) {
    return (
      <div aria-busy="true" className="space-y-3 py-1">
        <span role="status" className="sr-only">
          Loading payments
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center justify-between gap-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    );
  }

  if (payments.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 py-1">
        <p role="alert" className="text-sm text-muted-foreground">
          {paymentHistoryTexts.loadFailed}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void payments.refetch()}
          disabled={payments.isFetching}
        >
          <RotateCw
            aria-hidden="true"
            className={payments.isFetching ? 'animate-spin' : undefined}
          />
          {paymentHistoryTexts.retry}
        </Button>
      </div>
    );
  }

  const shown = limit === undefined ? payments.data : payments.data.slice(0, limit);
  if (shown.length === 0) {
    return <p className="py-1 text-sm text-muted-foreground">{paymentHistoryTexts.empty}</p>;
  }

  return (
    <ul aria-label={`${merchantName} payments`} className="divide-y">
      {shown.map((payment) => (
        <li
          key={payment.transaction_id}
          className="flex items-center justify-between gap-4 py-2.5 text-sm"
        >
          <span>
            <span className="font-medium">Paid</span>{' '}
            <span className="text-muted-foreground">{formatPaymentDate(payment.date, today)}</span>
          </span>
          <span className="money text-right font-medium">
            {formatAbsoluteDollars(payment.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
