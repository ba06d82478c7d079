/**
 * "Price over time" in the detail popup: the sentence always, the line once recharts has loaded,
 * and each payment in a table for whoever wants the numbers (screen readers skip the picture).
 * It reads the payments the popup already loaded, so it costs no request of its own.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '@billow/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/dates';
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
      <details>
        <summary className="cursor-pointer rounded-md text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-ring">
          Show the numbers
        </summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Price paid on each date</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date} className="border-t border-border">
                <th scope="row" className="py-1 text-left font-normal">
                  {formatLongDate(point.date)}
                  {point.isChange && <span className="ml-2 text-xs text-due">price changed</span>}
                </th>
                <td className="money py-1 text-right">{formatDollars(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
