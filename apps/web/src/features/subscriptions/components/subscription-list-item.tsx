/**
 * One subscription in the subscriptions section: what, how much, how often, when next, its
 * status, and a toggle that opens its payments. The payments load on the first opening only;
 * after that they come from the cache (docs/subscriptions.md, "The subscriptions section").
 */
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { formatAbsoluteDollars, type Subscription } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { cadenceLabel } from '@/lib/cadence';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/dates';
import { EvidenceList, PriceIncreaseBadge, StatusBadge } from './badges';
import { CancelSubscriptionButton, CancellationBadgeOf } from './cancel-subscription-button';
import { PaymentHistory } from './payment-history';

export function SubscriptionListItem({ subscription }: { subscription: Subscription }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const panelId = useId();

  return (
    <li className="py-4 first:pt-1 last:pb-1">
      <div className="flex gap-3">
        <MerchantLogo
          name={subscription.merchant_name}
          website={subscription.merchant_website_url}
          isDecorative
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{subscription.merchant_name}</p>
              <p className="text-sm text-muted-foreground">
                {cadenceLabel(subscription.cadence)} · Next renewal:{' '}
                {formatLongDate(subscription.renewal_date)}
              </p>
            </div>
            <p className="money shrink-0 text-right font-semibold">
              {formatAbsoluteDollars(subscription.amount)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={subscription.status} />
            <PriceIncreaseBadge subscription={subscription} />
            <CancellationBadgeOf subscriptionId={subscription.id} />
          </div>
          <EvidenceList evidence={subscription.evidence} isCompact />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              aria-expanded={isExpanded}
              aria-controls={panelId}
              onClick={() => setIsExpanded((open) => !open)}
              className="-ml-2 inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              Payments<span className="sr-only"> for {subscription.merchant_name}</span>
              <ChevronDown
                aria-hidden="true"
                className={cn(
                  'size-4 transition-transform motion-reduce:transition-none',
                  isExpanded && 'rotate-180',
                )}
              />
            </button>
            {subscription.status !== 'CANCELLED' && (
              <CancelSubscriptionButton subscription={subscription} size="sm" />
            )}
          </div>
          <div
            id={panelId}
            hidden={!isExpanded}
            // The payments of a years-old subscription scroll within their own box, not the page.
            className="relative max-h-64 overflow-y-auto overscroll-contain rounded-xl bg-muted/60 px-3 py-1"
          >
            {isExpanded && (
              <PaymentHistory
                subscriptionId={subscription.id}
                merchantName={subscription.merchant_name}
              />
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
