/**
 * Where the money goes: the last year of subscriptions and bills by category, this
 * month's share per category, and the prices that went up. Every chart says what it shows in a
 * sentence and keeps its numbers in a table a screen reader can walk, or anyone can open.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endOfMonth, format } from 'date-fns';
import { ChartColumn } from 'lucide-react';
import { formatDollars, isActiveBill, monthlyTotal, type Subscription } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { SectionHeader } from '@/components/section-header';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { insightQueries } from '../api/insight-queries';
import {
  categoryLabel,
  monthLabel,
  percentOf,
  sharesSummary,
  spendingSummary,
  stackedMonths,
  thisMonthShares,
} from '../spending-figures';
import { PriceIncreasesCard } from './price-increases-card';

const SpendingBarChart = lazy(() =>
  import('./spending-charts').then((m) => ({ default: m.SpendingBarChart })),
);
const ShareDonut = lazy(() => import('./spending-charts').then((m) => ({ default: m.ShareDonut })));

const insightsTexts = {
  heading: 'Spending',
  back: 'Back to home',
  overTime: 'Month by month',
  thisMonth: 'This month',
  showNumbers: 'Show the numbers',
  month: 'Month',
  category: 'Category',
  amount: 'Amount',
  total: 'Total',
  loadFailed: 'Failed to load your spending. Please try again.',
  empty: 'No spending yet',
  emptyDetail: 'Once Billow finds subscriptions and bills in your accounts, their cost shows here.',
  monthlyTitle: 'What you pay a month',
  monthly: (amount: string) => `You pay ${amount} a month`,
  monthlyDetail: (count: number) =>
    `for your ${count} active ${count === 1 ? 'subscription or bill' : 'subscriptions and bills'}, weekly and yearly ones at their monthly equivalent. The charts show what was actually charged.`,
} as const;

export function InsightsSection({
  onBack,
  onNegotiate,
  bills,
}: {
  onBack(): void;
  /** Opens the negotiation of a bill whose price went up. */
  onNegotiate(subscriptionId: string): void;
  /** The bills list the dashboard loaded: what the person pays a month is read from it. */
  bills?: readonly Subscription[];
}) {
  const today = new Date();
  const history = useQuery(insightQueries.spendingHistory());
  const stillDue = useQuery(
    insightQueries.stillDue(format(today, 'yyyy-MM-dd'), format(endOfMonth(today), 'yyyy-MM-dd')),
  );

  return (
    <div className="space-y-5" aria-busy={history.isPending}>
      <SectionHeader
        heading={insightsTexts.heading}
        backLabel={insightsTexts.back}
        onBack={onBack}
      />
      {/* One column of minmax(0, 1fr), not an auto column: a wide table of numbers scrolls inside
          its card instead of widening the page past a phone's screen. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        {bills && bills.some(isActiveBill) && (
          <Card aria-labelledby="monthly-figure-title" className="space-y-1 lg:col-span-2">
            <h2 id="monthly-figure-title" className="text-sm font-medium text-muted-foreground">
              {insightsTexts.monthlyTitle}
            </h2>
            <p className="text-xl font-bold">
              {insightsTexts.monthly(formatDollars(monthlyTotal(bills)))}
            </p>
            <p className="text-sm text-muted-foreground">
              {insightsTexts.monthlyDetail(bills.filter(isActiveBill).length)}
            </p>
          </Card>
        )}
        {history.isError ? (
          <Card className="lg:col-span-2">
            <LoadError
              message={insightsTexts.loadFailed}
              onRetry={() => void history.refetch()}
              isRetrying={history.isFetching}
              retryLabel="Try again"
            />
          </Card>
        ) : history.isPending ? (
          <>
            <span role="status" className="sr-only">
              Loading your spending
            </span>
            <ChartSkeleton className="lg:col-span-2" />
            <ChartSkeleton />
          </>
        ) : history.data.months.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 py-8 text-center lg:col-span-2">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10">
              <ChartColumn aria-hidden="true" className="size-6 text-primary" />
            </span>
            <p className="font-semibold">{insightsTexts.empty}</p>
            <p className="max-w-72 text-sm text-muted-foreground">{insightsTexts.emptyDetail}</p>
          </Card>
        ) : (
          <Charts
            months={history.data.months}
            // What is still due failing to load leaves this month as paid so far, not a skeleton forever.
            stillDue={stillDue.data ?? (stillDue.isError ? [] : undefined)}
            thisMonthKey={format(today, 'yyyy-MM')}
          />
        )}
        <PriceIncreasesCard onNegotiate={onNegotiate} />
      </div>
    </div>
  );
}

/**
 * Table cells: a figure keeps to one line with a clear gap before it, so neighbouring amounts
 * never run together; the first column stays in view while a wide table scrolls sideways.
 */
const figureCell = 'whitespace-nowrap py-1 pl-4 text-right';
const firstCell = 'sticky left-0 z-10 whitespace-nowrap bg-card py-1 pr-3 text-left';

function Charts({
  months: history,
  stillDue,
  thisMonthKey,
}: {
  months: Parameters<typeof stackedMonths>[0];
  stillDue: Parameters<typeof thisMonthShares>[1] | undefined;
  thisMonthKey: string;
}) {
  const { months, series } = stackedMonths(history);
  const shares = stillDue
    ? thisMonthShares(
        history.find((m) => m.month === thisMonthKey),
        stillDue,
      )
    : undefined;
  return (
    <>
      <ChartCard
        title={insightsTexts.overTime}
        summary={spendingSummary(months, series)}
        className="lg:col-span-2"
        chart={<SpendingBarChart months={months} series={series} />}
        table={
          <table className="w-full text-sm">
            <caption className="sr-only">Spending by month and category</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className={`${firstCell} font-medium`}>
                  {insightsTexts.month}
                </th>
                {series.map((key) => (
                  <th key={key} scope="col" className={`${figureCell} font-medium`}>
                    {categoryLabel(key)}
                  </th>
                ))}
                <th scope="col" className={`${figureCell} font-medium`}>
                  {insightsTexts.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month} className="border-t border-border">
                  <th scope="row" className={`${firstCell} font-normal`}>
                    {monthLabel(month.month)}
                  </th>
                  {series.map((key) => (
                    <td key={key} className={`money ${figureCell}`}>
                      {formatDollars(month[key] as number)}
                    </td>
                  ))}
                  <td className={`money ${figureCell} font-semibold`}>
                    {formatDollars(month.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      {shares === undefined ? (
        <ChartSkeleton />
      ) : (
        shares.length > 0 && (
          <ChartCard
            title={insightsTexts.thisMonth}
            summary={sharesSummary(shares)}
            chart={<ShareDonut shares={shares} series={series} />}
            table={
              <table className="w-full text-sm">
                <caption className="sr-only">This month by category</caption>
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th scope="col" className={`${firstCell} font-medium`}>
                      {insightsTexts.category}
                    </th>
                    <th scope="col" className={`${figureCell} font-medium`}>
                      {insightsTexts.amount}
                    </th>
                    <th scope="col" className={`${figureCell} font-medium`}>
                      Share
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shares.map((share) => (
                    <tr key={share.category} className="border-t border-border">
                      <th scope="row" className={`${firstCell} font-normal`}>
                        {categoryLabel(share.category)}
                      </th>
                      <td className={`money ${figureCell}`}>{formatDollars(share.amount)}</td>
                      <td className={figureCell}>{percentOf(share.share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        )
      )}
    </>
  );
}

function ChartCard({
  title,
  summary,
  chart,
  table,
  className,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  className?: string;
}) {
  return (
    <Card aria-label={title} className={`space-y-3 ${className ?? ''}`}>
      <CardTitle>{title}</CardTitle>
      <p className="text-sm text-muted-foreground">{summary}</p>
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>{chart}</Suspense>
      <details className="group">
        <summary className="cursor-pointer rounded-md text-sm font-medium text-primary focus-visible:outline-2 focus-visible:outline-ring">
          {insightsTexts.showNumbers}
        </summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </Card>
  );
}

function ChartSkeleton({ className }: { className?: string }) {
  return (
    <Card className={`space-y-3 ${className ?? ''}`}>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-56 w-full" />
    </Card>
  );
}
