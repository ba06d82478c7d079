/**
 * The subscription detail popup (docs/subscriptions.md, "Subscription detail"): who is charging,
 * when next and how much, why Billow thinks it recurs, the recent payments, and the way out for a
 * false find.
 */
import { CalendarClock } from 'lucide-react';
import type { ComponentProps } from 'react';
import { formatDollars, type Subscription } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { cadenceLabel } from '@/lib/cadence';
import { formatLongDate } from '@/lib/dates';
import { plainWords } from '@/lib/plain-words';
import { EvidenceList, PriceIncreaseBadge } from './badges';
import { CancelSubscriptionButton, CancellationBadgeOf } from './cancel-subscription-button';
import { NotSubscriptionButton } from './not-subscription-button';
import { PaymentHistory, RECENT_PAYMENTS_LIMIT } from './payment-history';
import { PriceHistorySection } from './price-history-section';
import { RewardCreditNote } from './reward-credit';
import { StatusTimeline } from './status-timeline';

function billingBannerText(subscription: Pick<Subscription, 'renewal_date' | 'amount'>) {
  return `Upcoming billing date on ${formatLongDate(subscription.renewal_date)} for ${formatDollars(subscription.amount)}`;
}

export function SubscriptionDetailDialog({
  subscription,
  onClose,
  onCloseAutoFocus,
}: {
  /** The subscription shown; the popup is closed while there is none. */
  subscription: Subscription | undefined;
  onClose(): void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  return (
    <Dialog open={subscription !== undefined} onOpenChange={(open) => !open && onClose()}>
      {subscription && (
        <DialogContent hideClose onCloseAutoFocus={onCloseAutoFocus} className="space-y-5">
          <div className="flex items-center gap-4">
            <MerchantLogo
              name={subscription.merchant_name}
              website={subscription.merchant_website_url}
              className="size-14"
              isDecorative
            />
            <div className="min-w-0">
              <DialogTitle className="pr-0 break-words">{subscription.merchant_name}</DialogTitle>
              <DialogDescription className="first-letter:uppercase">
                {plainWords(subscription.category)}
              </DialogDescription>
              <CancellationBadgeOf subscriptionId={subscription.id} />
            </div>
          </div>

          <p className="flex items-start gap-3 rounded-2xl bg-primary/8 p-4 text-sm font-medium">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <span className="money">{billingBannerText(subscription)}</span>
              <RewardCreditNote bill={subscription} />
            </span>
          </p>

          <PriceIncreaseBadge subscription={subscription} />
          <EvidenceList
            evidence={subscription.evidence}
            confidence={subscription.confidence}
            isUserAdded={subscription.is_user_added}
          />

          <section aria-labelledby="recent-payments-heading" className="space-y-2">
            <div className="flex items-baseline justify-between gap-3">
              <h3 id="recent-payments-heading" className="text-sm font-semibold">
                Recent Payments
              </h3>
              <span className="text-xs text-muted-foreground">
                {cadenceLabel(subscription.cadence)}
              </span>
            </div>
            <PaymentHistory
              subscriptionId={subscription.id}
              merchantName={subscription.merchant_name}
              limit={RECENT_PAYMENTS_LIMIT}
            />
          </section>

          <PriceHistorySection subscriptionId={subscription.id} />

          <StatusTimeline subscriptionId={subscription.id} />

          {/* Always in reach above a long payment list: it sticks to the sheet's bottom edge. */}
          <div
            data-testid="detail-actions"
            className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col gap-2 border-t bg-card px-6 py-4"
          >
            {subscription.status !== 'CANCELLED' && (
              <CancelSubscriptionButton subscription={subscription} />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <NotSubscriptionButton subscription={subscription} />
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
