import { amountDue, coveredByRewardsText, formatDollars } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { cadenceLabel } from '@/lib/cadence';
import { cn } from '@/lib/cn';
import type { DayCharge } from '../calendar-month';
import { calendarTexts } from './calendar-texts';

/** The day panel and the agenda can both list a bill: `place` keeps their ids apart. */
const billButtonId = (place: 'day' | 'agenda', charge: DayCharge) =>
  `calendar-${place}-bill-${charge.subscription_id}-${charge.date}${charge.isPaid ? '-paid' : ''}`;

/** A day's bills, each a button that opens the bill's detail popup. */
export function ChargeList({
  place,
  charges,
  isSoon,
  label,
  onOpen,
}: {
  place: 'day' | 'agenda';
  charges: DayCharge[];
  isSoon: boolean;
  label: string;
  onOpen(charge: DayCharge, buttonId: string): void;
}) {
  return (
    <ul aria-label={label} className="-mx-2">
      {charges.map((charge) => (
        <li key={`${charge.subscription_id}-${charge.isPaid ? 'paid' : 'due'}`}>
          <button
            type="button"
            id={billButtonId(place, charge)}
            onClick={() => onOpen(charge, billButtonId(place, charge))}
            className="flex w-full items-center gap-3 rounded-2xl px-2 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <MerchantLogo
              name={charge.merchant_name}
              website={charge.merchant_website_url}
              className="size-9"
              isDecorative
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words">{charge.merchant_name}</span>
              <span className="block text-sm text-muted-foreground">
                {charge.isPaid
                  ? `${calendarTexts.paid} · ${cadenceLabel(charge.cadence)}`
                  : cadenceLabel(charge.cadence)}
              </span>
              {/* Under the name, as in the bills card: beside the amount it squeezed the name. */}
              {charge.reward_credit > 0 && (
                <span className="money block text-xs font-medium text-success">
                  {coveredByRewardsText(charge.reward_credit)}
                </span>
              )}
            </span>
            <span
              className={cn(
                'money shrink-0 self-start pt-0.5 text-right font-semibold',
                charge.isPaid ? 'text-muted-foreground' : isSoon && 'text-due',
              )}
            >
              {formatDollars(amountDue(charge))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
