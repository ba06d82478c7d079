/**
 * Rows of bills in the bills card: logo, merchant, when it is due and how much, the amount
 * right-aligned so a column of prices reads at a glance. A row opens the detail popup.
 */
import { AlarmClock } from 'lucide-react';
import { formatDollars, type Subscription } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { Skeleton } from '@/components/ui/skeleton';
import { cadenceLabel } from '@/lib/cadence';
import { cn } from '@/lib/cn';
import { dueLabel, isDueSoon } from '@/lib/due-dates';
import { amountDue, RewardCreditNote } from './reward-credit';

/** The row's button id, so focus can find its way back to it after the popup. */
export const billRowId = (subscriptionId: string) => `bill-row-${subscriptionId}`;

export function BillList({
  bills,
  label,
  showCadence = false,
  onOpen,
}: {
  bills: readonly Subscription[];
  /** Names the list for screen readers. */
  label: string;
  /** The All tab says how often each bill comes, as well as when it is next due. */
  showCadence?: boolean;
  onOpen(subscription: Subscription): void;
}) {
  const today = new Date();
  return (
    <ul aria-label={label} className="-mx-2">
      {bills.map((bill) => {
        const isSoon = isDueSoon(bill, today);
        return (
          <li key={bill.id}>
            <button
              type="button"
              id={billRowId(bill.id)}
              onClick={() => onOpen(bill)}
              className="flex w-full items-center gap-3 rounded-2xl px-2 py-2.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MerchantLogo
                name={bill.merchant_name}
                website={bill.merchant_website_url}
                isDecorative
              />
              <span className="min-w-0 flex-1">
                {/* A long name wraps rather than losing its end ("Essex Property Tr…"). */}
                <span className="block font-medium break-words">{bill.merchant_name}</span>
                <span className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
                  {showCadence && <span>{cadenceLabel(bill.cadence)} ·</span>}
                  <span
                    data-due-soon={isSoon || undefined}
                    className={cn(
                      'inline-flex items-center gap-1',
                      isSoon && 'font-medium text-due',
                    )}
                  >
                    {isSoon && <AlarmClock aria-hidden="true" className="size-3.5" />}
                    {dueLabel(bill, today)}
                  </span>
                </span>
                {/* Under the name, not beside the amount: there it squeezed the name to a few letters. */}
                <RewardCreditNote bill={bill} />
              </span>
              <span className="money shrink-0 self-start pt-0.5 text-right font-semibold">
                {formatDollars(amountDue(bill))}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function BillListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-4 py-1">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-11 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-4 w-14" />
        </div>
      ))}
    </div>
  );
}
