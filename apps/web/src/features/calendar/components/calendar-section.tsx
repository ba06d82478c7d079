/**
 * The bills calendar: a month of upcoming charges, on the dates detection predicts.
 * On a desktop it is a month grid — logos and amounts in each day, today marked, the next few
 * days highlighted as the bills card does — that the arrow keys walk like a date picker; the day
 * chosen lists its bills below. On a phone it is an agenda: the month's days with bills, in order.
 * A bill opens the same detail popup as everywhere else.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { addMonths, differenceInCalendarMonths, format, isSameMonth, startOfMonth } from 'date-fns';
import { CalendarCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { calendarQueries } from '../api/calendar-queries';
import {
  CALENDAR_MONTHS_AHEAD,
  chargesByDay,
  dayAfterKey,
  type DayCharge,
  isoDay,
  monthRange,
  totalOf,
} from '../calendar-month';
import { Agenda } from './agenda';
import { calendarTexts } from './calendar-texts';
import { DayBills } from './day-bills';
import { dayButtonId, MonthGrid } from './month-grid';
import { MonthTotal } from './month-total';

/** What the route gives to show a bill's detail popup: open while `subscriptionId` is set. */
export type BillDetailProps = {
  subscriptionId: string | undefined;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
};

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
        <IconButton
          label={calendarTexts.previous}
          disabled={monthIndex <= 0}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <IconButton
          label={calendarTexts.next}
          disabled={monthIndex >= CALENDAR_MONTHS_AHEAD}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </IconButton>
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
