/**
 * The desktop month grid: each day a button with its bills' logos and amounts, today marked, the
 * next few days highlighted as the bills card does, walked with the arrow keys like a date picker
 * (the section moves the choice; the grid reports the key).
 */
import { differenceInCalendarDays, format, isSameDay, isSameMonth } from 'date-fns';
import { amountDue, formatDollars } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { DUE_SOON_DAYS } from '@/lib/due-dates';
import { type DayCharge, isoDay, monthWeeks, totalOf } from '../calendar-month';
import { calendarTexts } from './calendar-texts';

/** The id of a day's button: the section focuses it when a key moves the chosen day. */
export const dayButtonId = (day: Date) => `calendar-day-${isoDay(day)}`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const isDueSoonDay = (day: Date, today: Date) => {
  const days = differenceInCalendarDays(day, today);
  return days >= 0 && days <= DUE_SOON_DAYS;
};

/** "Friday, December 4, today, 2 bills, $23.48 due soon": what a day's button says. */
function dayLabel(day: Date, today: Date, charges: readonly DayCharge[]) {
  const parts = [format(day, 'EEEE, MMMM d')];
  if (isSameDay(day, today)) parts.push('today');
  if (charges.length > 0) {
    parts.push(`${charges.length} ${charges.length === 1 ? 'bill' : 'bills'}`);
    parts.push(`${formatDollars(totalOf(charges))}${isDueSoonDay(day, today) ? ' due soon' : ''}`);
  }
  return parts.join(', ');
}

export function MonthGrid({
  month,
  today,
  selected,
  byDay,
  isLoading,
  onChoose,
  onKey,
}: {
  month: Date;
  today: Date;
  selected: Date;
  byDay: Map<string, DayCharge[]>;
  isLoading: boolean;
  onChoose(day: Date): void;
  onKey(day: Date, key: string): void;
}) {
  return (
    <div role="grid" aria-labelledby="calendar-month" className="space-y-1">
      <div role="row" className="grid grid-cols-7 gap-1">
        {WEEKDAYS.map((weekday) => (
          <div
            key={weekday}
            role="columnheader"
            aria-label={weekday}
            className="py-1 text-center text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            {weekday.slice(0, 3)}
          </div>
        ))}
      </div>
      {monthWeeks(month).map((week) => (
        <div key={isoDay(week[0]!)} role="row" className="grid grid-cols-7 gap-1">
          {week.map((day) => {
            if (!isSameMonth(day, month)) {
              return <div key={isoDay(day)} role="gridcell" className="min-h-20 lg:min-h-24" />;
            }
            const charges = byDay.get(isoDay(day)) ?? [];
            const isSelected = isSameDay(day, selected);
            const isToday = isSameDay(day, today);
            const isSoon = charges.length > 0 && isDueSoonDay(day, today);
            const isPast = differenceInCalendarDays(day, today) < 0;
            return (
              <div key={isoDay(day)} role="gridcell" aria-selected={isSelected}>
                <button
                  type="button"
                  id={dayButtonId(day)}
                  tabIndex={isSelected ? 0 : -1}
                  aria-label={dayLabel(day, today, charges)}
                  data-due-soon={isSoon || undefined}
                  onClick={() => onChoose(day)}
                  onKeyDown={(event) => {
                    const keys = ['PageUp', 'PageDown', 'Home', 'End'];
                    if (!event.key.startsWith('Arrow') && !keys.includes(event.key)) return;
                    event.preventDefault();
                    onKey(day, event.key);
                  }}
                  className={cn(
                    'flex min-h-20 w-full flex-col gap-1 rounded-xl border border-transparent p-1.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring lg:min-h-24',
                    isSoon && 'bg-due/8',
                    isSelected && 'border-primary',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                      isToday ? 'bg-primary text-primary-foreground' : 'text-muted-foreground',
                      isPast && 'opacity-50',
                    )}
                  >
                    {format(day, 'd')}
                  </span>
                  {isLoading ? (
                    <Skeleton className="h-3 w-full" />
                  ) : (
                    <DayChips charges={charges} isSoon={isSoon} />
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Up to two logos with amounts in a day cell, and how many more there are. */
function DayChips({ charges, isSoon }: { charges: DayCharge[]; isSoon: boolean }) {
  if (charges.length === 0) return null;
  const shown = charges.slice(0, 2);
  return (
    <span aria-hidden="true" className="flex w-full flex-col gap-0.5">
      {shown.map((charge) => (
        <span
          key={`${charge.subscription_id}-${charge.isPaid ? 'paid' : 'due'}`}
          className="flex min-w-0 items-center gap-1"
        >
          <MerchantLogo
            name={charge.merchant_name}
            website={charge.merchant_website_url}
            className="size-4 rounded-md"
            isDecorative
          />
          <span
            className={cn(
              'money truncate text-xs',
              charge.isPaid ? 'text-muted-foreground' : isSoon && 'font-semibold text-due',
            )}
          >
            {formatDollars(amountDue(charge))}
          </span>
        </span>
      ))}
      {charges.length > shown.length && (
        <span className="text-xs text-muted-foreground">
          {calendarTexts.more(charges.length - shown.length)}
        </span>
      )}
    </span>
  );
}
