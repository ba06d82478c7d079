/**
 * "Price over time" in the detail popup: the sentence always, the line once recharts has loaded.
 * It reads the payments the popup already loaded, so it costs no request of its own.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { subscriptionQueries } from '../api/subscription-queries';
import { pricePoints, priceSummary } from '../price-history';

const PriceHistoryChart = lazy(() => import('./price-history-chart'));

export function PriceHistorySection({ subscriptionId }: { subscriptionId: string }) {
  const payments = useQuery(subscriptionQueries.transactions(subscriptionId));
  const points = payments.data ? pricePoints(payments.data) : [];
  // One payment is a price, not a history; loading and errors are the payment list's to show.
  if (points.length < 2) return null;
  return (
    <section aria-labelledby="price-history-heading" className="space-y-2">
      <h3 id="price-history-heading" className="text-sm font-semibold">
        Price over time
      </h3>
      <p className="text-sm text-muted-foreground">{priceSummary(points)}</p>
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <PriceHistoryChart points={points} />
      </Suspense>
    </section>
  );
}
