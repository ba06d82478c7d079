/**
 * The dashboard's instant-savings card (docs/dashboard.md, "Instant savings"): up to 3 annual plans
 * that cost less than a year of the person's monthly bill, each with its service, logo and yearly
 * saving. An offer opens the annual-plan flow; one already paid opens its gift card.
 */
import { useQuery } from '@tanstack/react-query';
import { annualSavings, formatDollars, paymentMessages } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { MerchantLogo } from '@/components/merchant-logo';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { annualPlanQueries } from '../api/annual-plan-queries';

const instantSavingsTexts = {
  title: 'Instant savings',
  perYear: (amount: number) => `Save ${formatDollars(amount)}/yr`,
  annualPlan: 'Switch to the annual plan',
  codeReady: 'Annual plan paid: see your code',
} as const;

const INSTANT_SAVINGS_LIMIT = 3;

export function InstantSavingsCard({
  onOpenOffer,
  onOpenCode,
}: {
  onOpenOffer(subscriptionId: string): void;
  onOpenCode(subscriptionId: string): void;
}) {
  const list = useQuery(annualPlanQueries.instantSavings());
  if (list.data && list.data.length === 0) return null;
  return (
    <Card aria-labelledby="instant-savings-title" aria-busy={list.isPending}>
      <CardTitle id="instant-savings-title" className="text-lg">
        {instantSavingsTexts.title}
      </CardTitle>
      {list.isPending ? (
        <Skeleton className="mt-3 h-12 w-full rounded-xl" />
      ) : list.isError ? (
        <LoadError
          className="mt-3"
          message={paymentMessages.loadInstantSavingsFailed}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : (
        <ul className="mt-3 space-y-2">
          {list.data.slice(0, INSTANT_SAVINGS_LIMIT).map((offer) => (
            <li key={offer.subscription_id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-muted"
                onClick={() =>
                  offer.has_assigned_gift_card
                    ? onOpenCode(offer.subscription_id)
                    : onOpenOffer(offer.subscription_id)
                }
              >
                <MerchantLogo name={offer.service_name} website={offer.merchant_website_url} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words">{offer.service_name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {offer.has_assigned_gift_card
                      ? instantSavingsTexts.codeReady
                      : instantSavingsTexts.annualPlan}
                  </span>
                </span>
                <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
                  {instantSavingsTexts.perYear(
                    annualSavings(offer.current_price, offer.annual_plan_cost),
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
