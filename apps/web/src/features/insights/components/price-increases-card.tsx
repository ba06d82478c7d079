/**
 * The prices that went up in the last 12 months: from what, to what, since when, and
 * what that costs over a year, the costliest first; a bill Billow can negotiate has the way in.
 */
import { useQuery } from '@tanstack/react-query';
import { Handshake, TrendingUp } from 'lucide-react';
import { formatDollars, PRICE_INCREASE_LOOKBACK_MONTHS } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { MerchantLogo } from '@/components/merchant-logo';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatShortDate } from '@/lib/dates';
import { insightQueries } from '../api/insight-queries';

const priceIncreaseTexts = {
  title: 'Price increases',
  subtitle: `In the last ${PRICE_INCREASE_LOOKBACK_MONTHS} months`,
  none: 'No price increases',
  noneDetail: `None of your subscriptions or bills went up in the last ${PRICE_INCREASE_LOOKBACK_MONTHS} months.`,
  loadFailed: 'Failed to load price increases. Please try again.',
  perYear: (amount: string) => `+${amount} a year`,
  since: (date: string) => `since ${date}`,
  negotiate: 'Negotiate',
  inAll: (amount: string) => `Together they cost you ${amount} more a year.`,
} as const;

export function PriceIncreasesCard({ onNegotiate }: { onNegotiate(subscriptionId: string): void }) {
  const increases = useQuery(insightQueries.priceIncreases());
  const today = new Date();

  return (
    <Card aria-labelledby="price-increases-title" className="space-y-3">
      <div>
        <CardTitle id="price-increases-title" className="flex items-center gap-2">
          <TrendingUp aria-hidden="true" className="size-5 text-due" />
          {priceIncreaseTexts.title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{priceIncreaseTexts.subtitle}</p>
      </div>
      {increases.isError ? (
        <LoadError
          message={priceIncreaseTexts.loadFailed}
          onRetry={() => void increases.refetch()}
          isRetrying={increases.isFetching}
        />
      ) : increases.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : increases.data.length === 0 ? (
        <div className="py-4 text-center">
          <p className="font-semibold">{priceIncreaseTexts.none}</p>
          <p className="text-sm text-muted-foreground">{priceIncreaseTexts.noneDetail}</p>
        </div>
      ) : (
        <>
          <p className="text-sm font-medium">
            {priceIncreaseTexts.inAll(
              formatDollars(increases.data.reduce((sum, i) => sum + i.increase_per_year, 0)),
            )}
          </p>
          <ul aria-label={priceIncreaseTexts.title} className="divide-y divide-border">
            {increases.data.map((increase) => (
              <li key={increase.subscription_id} className="flex items-center gap-3 py-3">
                <MerchantLogo
                  name={increase.merchant_name}
                  website={increase.merchant_website_url}
                  className="size-10"
                  isDecorative
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{increase.merchant_name}</p>
                  <p className="text-sm text-muted-foreground">
                    <span className="money">
                      {formatDollars(increase.previous_amount)} → {formatDollars(increase.amount)}
                    </span>{' '}
                    {priceIncreaseTexts.since(formatShortDate(increase.changed_on, today))}
                  </p>
                  <p className="money text-sm font-semibold text-due">
                    {priceIncreaseTexts.perYear(formatDollars(increase.increase_per_year))}
                  </p>
                </div>
                {increase.is_negotiable && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${priceIncreaseTexts.negotiate} ${increase.merchant_name}`}
                    onClick={() => onNegotiate(increase.subscription_id)}
                  >
                    <Handshake aria-hidden="true" />
                    {priceIncreaseTexts.negotiate}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
