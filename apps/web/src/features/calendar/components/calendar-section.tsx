/**
 * The bills calendar (issue 19): a month of upcoming charges, on the dates detection predicts.
 * On a desktop it is a month grid — logos and amounts in each day, today marked, the next few
 * days highlighted as the bills card does — that the arrow keys walk like a date picker; the day
 * chosen lists its bills below. On a phone it is an agenda: the month's days with bills, in order.
 * A bill opens the same detail popup as everywhere else.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  addMonths,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
} from 'date-fns';
import { AlarmClock, CalendarCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { amountDue, coveredByRewardsText, formatDollars } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { MerchantLogo } from '@/components/merchant-logo';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cadenceLabel } from '@/lib/cadence';
import { cn } from '@/lib/cn';
import { DUE_SOON_DAYS } from '@/lib/due-dates';
import { calendarQueries } from '../api/calendar-queries';
import {
  CALENDAR_MONTHS_AHEAD,
  chargesByDay,
  dayAfterKey,
  type DayCharge,
  isoDay,
  monthRange,
  monthWeeks,
  totalOf,
} from '../calendar-month';

export const calendarTexts = {
  heading: 'Bills calendar',
  back: 'Back to home',
  previous: 'Previous month',
  next: 'Next month',
  thisMonth: 'This month',
  dueIn: (month: string) => `Due in ${month}`,
  paidIn: (month: string) => `Paid in ${month}`,
  paid: 'Paid',
  noBills: 'No bills this month',
  noBillsDetail: 'Nothing Billow found in your accounts is due this month.',
  nothingThatDay: 'Nothing is due this day.',
  loadFailed: 'Failed to load the calendar. Please try again.',
  today: 'Today',
  more: (count: number) => `+${count} more`,
} as const;

/** What the route gives to show a bill's detail popup: open while `subscriptionId` is set. */
export type BillDetailProps = {
  subscriptionId: string | undefined;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
};

const dayButtonId = (day: Date) => `calendar-day-${isoDay(day)}`;
/** The day panel and the agenda can both list a bill: `place` keeps their ids apart. */
const billButtonId = (place: 'day' | 'agenda', charge: DayCharge) =>
  `calendar-${place}-bill-${charge.subscription_id}-${charge.date}${charge.isPaid ? '-paid' : ''}`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function CalendarSection({
  onBack,
  renderBillDetail,
}: {
  onBack(): void;
  renderBillDetail(props: BillDetailProps): ReactNode;
}) {
  const today = new Date();
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [selected, setSelected] = useState(today);
  const [openBill, setOpenBill] = useState<{ subscriptionId: string; returnTo: string }>();
  const focusAfterRender = useRef(false);
  const { from, until } = monthRange(month);
  const upcoming = useQuery(calendarQueries.upcoming(from, until));
  const monthIndex = differenceInCalendarMonths(month, today);
  // This month's bills already paid, shown apart from the ones still due; a later month has
  // none. When they fail to load, the month still shows what is due.
  const paid = useQuery({ ...calendarQueries.paid(from, until), enabled: monthIndex <= 0 });
  const paidCharges: DayCharge[] =
    monthIndex <= 0 ? (paid.data ?? []).map((charge) => ({ ...charge, isPaid: true })) : [];
  const monthName = format(month, 'MMMM');

  // A key that moved the chosen day moves focus with it, once the day's button is drawn.
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    document.getElementById(dayButtonId(selected))?.focus();
  });

  function showMonth(next: Date) {
    setMonth(startOfMonth(next));
    setSelected(isSameMonth(next, today) ? today : startOfMonth(next));
  }

  function choose(day: Date, moveFocus = false) {
    const offset = differenceInCalendarMonths(day, today);
    if (offset < 0 || offset > CALENDAR_MONTHS_AHEAD) return;
    if (!isSameMonth(day, month)) setMonth(startOfMonth(day));
    setSelected(day);
    focusAfterRender.current = moveFocus;
  }

  function openCharge(charge: DayCharge, buttonId: string) {
    setOpenBill({ subscriptionId: charge.subscription_id, returnTo: buttonId });
  }

  const byDay = chargesByDay<DayCharge>([...paidCharges, ...(upcoming.data ?? [])]);
  const body = upcoming.isError ? (
    <Card>
      <LoadError
        message={calendarTexts.loadFailed}
        onRetry={() => void upcoming.refetch()}
        isRetrying={upcoming.isFetching}
      />
    </Card>
  ) : (
    <>
      {paidCharges.length > 0 && (
        <MonthTotal label={calendarTexts.paidIn(monthName)} amount={totalOf(paidCharges)} />
      )}
      <MonthTotal
        label={calendarTexts.dueIn(monthName)}
        amount={upcoming.data ? totalOf(upcoming.data) : undefined}
        isDue
      />
      <Card className="hidden p-3 sm:block">
        <MonthGrid
          month={month}
          today={today}
          selected={selected}
          byDay={byDay}
          isLoading={upcoming.isPending}
          onChoose={choose}
          onKey={(day, key) => {
            if (key === 'PageUp') return choose(addMonths(day, -1), true);
            if (key === 'PageDown') return choose(addMonths(day, 1), true);
            const next = dayAfterKey(day, key);
            if (next) choose(next, true);
          }}
        />
      </Card>
      <div className="hidden sm:block" data-testid="calendar-day">
        <DayBills
          day={selected}
          today={today}
          charges={byDay.get(isoDay(selected)) ?? []}
          isLoading={upcoming.isPending}
          onOpen={openCharge}
        />
      </div>
      <div className="sm:hidden" data-testid="calendar-agenda">
        <Agenda byDay={byDay} today={today} isLoading={upcoming.isPending} onOpen={openCharge} />
      </div>
      {upcoming.data?.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarCheck aria-hidden="true" className="size-4 text-primary" />
          <span>
            <span className="font-medium text-foreground">{calendarTexts.noBills}.</span>{' '}
            {calendarTexts.noBillsDetail}
          </span>
        </p>
      )}
    </>
  );

  return (
    <div className="space-y-5" aria-busy={upcoming.isPending}>
      <SectionHeader
        heading={calendarTexts.heading}
        backLabel={calendarTexts.back}
        onBack={onBack}
      />
      <div className="flex items-center gap-2">
        <h2 id="calendar-month" aria-live="polite" className="flex-1 text-lg font-semibold">
          {format(month, 'MMMM yyyy')}
        </h2>
        {monthIndex !== 0 && (
          <Button variant="outline" size="sm" onClick={() => showMonth(today)}>
            {calendarTexts.thisMonth}
          </Button>
        )}
        <Button
          variant="outline"
          size="icon"
          aria-label={calendarTexts.previous}
          disabled={monthIndex <= 0}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={calendarTexts.next}
          disabled={monthIndex >= CALENDAR_MONTHS_AHEAD}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {upcoming.isPending && (
        <span role="status" className="sr-only">
          Loading the bills due in {monthName}
        </span>
      )}
      {body}
      {renderBillDetail({
        subscriptionId: openBill?.subscriptionId,
        onClose: () => setOpenBill(undefined),
        onCloseAutoFocus: (event) => {
          event.preventDefault();
          const back = openBill && document.getElementById(openBill.returnTo);
          (back || document.getElementById('section-heading'))?.focus();
        },
      })}
    </div>
  );
}

/** A month's figure; a due one is red only while something is due (docs/figures.md). */
function MonthTotal({
  label,
  amount,
  isDue = false,
}: {
  label: string;
  amount: number | undefined;
  isDue?: boolean;
}) {
  const isRed = isDue && amount !== undefined && amount > 0;
  return (
    <p
      className={cn(
        'flex items-baseline justify-between gap-3 rounded-2xl px-4 py-3',
        isRed || (isDue && amount === undefined) ? 'bg-due/8' : 'bg-muted',
      )}
    >
      <span className="text-sm font-medium">{label}</span>
      {amount === undefined ? (
        <Skeleton className="h-7 w-24" />
      ) : (
        <span className={cn('money text-xl font-bold', isRed && 'text-due')}>
          {formatDollars(amount)}
        </span>
      )}
    </p>
  );
}

const isDueSoonDay = (day: Date, today: Date) => {
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

function MonthGrid({
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

function DayBills({
  day,
  today,
  charges,
  isLoading,
  onOpen,
}: {
  day: Date;
  today: Date;
  charges: DayCharge[];
  isLoading: boolean;
  onOpen(charge: DayCharge, buttonId: string): void;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        {format(day, 'EEEE, MMMM d')}
        {isSameDay(day, today) && ` · ${calendarTexts.today}`}
      </h3>
      {isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : charges.length === 0 ? (
        <p className="text-sm text-muted-foreground">{calendarTexts.nothingThatDay}</p>
      ) : (
        <ChargeList
          place="day"
          charges={charges}
          isSoon={isDueSoonDay(day, today)}
          label={`Bills due ${format(day, 'MMMM d')}`}
          onOpen={onOpen}
        />
      )}
    </Card>
  );
}

function Agenda({
  byDay,
  today,
  isLoading,
  onOpen,
}: {
  byDay: Map<string, DayCharge[]>;
  today: Date;
  isLoading: boolean;
  onOpen(charge: DayCharge, buttonId: string): void;
}) {
  if (isLoading) {
    return (
      <Card className="space-y-3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </Card>
    );
  }
  const days = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (days.length === 0) return null;
  return (
    <Card className="space-y-4">
      {days.map(([iso, charges]) => {
        const day = new Date(`${iso}T00:00:00`);
        const isSoon = isDueSoonDay(day, today);
        return (
          <section key={iso} aria-label={format(day, 'EEEE, MMMM d')} className="space-y-1">
            <h3
              className={cn(
                'flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
                isSoon && 'text-due',
              )}
            >
              {isSoon && <AlarmClock aria-hidden="true" className="size-3.5" />}
              {format(day, 'EEE, MMM d')}
              {isSameDay(day, today) && ` · ${calendarTexts.today}`}
            </h3>
            <ChargeList
              place="agenda"
              charges={charges}
              isSoon={isSoon}
              label={`Bills due ${format(day, 'MMMM d')}`}
              onOpen={onOpen}
            />
          </section>
        );
      })}
    </Card>
  );
}

function ChargeList({
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
