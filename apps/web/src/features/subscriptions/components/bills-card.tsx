/**
 * The dashboard's bills card (docs/subscriptions.md, "The bills card"): what is coming up, grouped
 * by month with the month's total in red (money due), and every active bill with the monthly
 * average. A row opens the subscription detail popup.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarDays, Receipt } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  formatDollars,
  monthlyTotal,
  type Subscription,
  subscriptionMessages,
} from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Card, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dueThisMonth } from '@/lib/bill-totals';
import { subscriptionQueries } from '../api/subscription-queries';
import { allBills, groupByMonth, upcomingBills } from '../bill-lists';
import { BillList, BillListSkeleton, billRowId } from './bill-list';
import { SubscriptionDetailPopup } from './subscription-detail-popup';

const billsCardTexts = {
  title: 'Bills',
  upcoming: 'Upcoming',
  all: 'All',
  dueThisMonth: 'Due this month',
  thisMonth: 'This month',
  laterOn: 'Later on',
  averagePerMonth: 'Average per month',
  noUpcoming: 'No upcoming bills',
  noUpcomingDetail: "You don't have any bills due in the next 7 days.",
  noActive: 'No active subscriptions',
  noActiveDetail: 'Bills Billow finds in your linked accounts show up here.',
  openCalendar: 'Open the bills calendar',
} as const;

export function BillsCard({ onOpenCalendar }: { onOpenCalendar?(): void } = {}) {
  const list = useQuery(subscriptionQueries.list());
  const [openId, setOpenId] = useState<string>();
  const lastOpenId = useRef<string>(undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const open = openId === undefined ? undefined : list.data?.find((s) => s.id === openId);

  function openBill(subscription: Subscription) {
    lastOpenId.current = subscription.id;
    setOpenId(subscription.id);
  }

  function body(render: (subscriptions: Subscription[]) => ReactNode) {
    // Bills already shown stay shown when a later reload fails; the error is for an empty card.
    if (list.data) return render(list.data);
    if (list.isError) {
      return (
        <LoadError
          message={subscriptionMessages.loadBillsFailed}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      );
    }
    return (
      <>
        <span role="status" className="sr-only">
          Loading your bills
        </span>
        <BillListSkeleton />
      </>
    );
  }

  return (
    <Card aria-labelledby="bills-title" aria-busy={list.isPending}>
      <Tabs defaultValue="upcoming">
        <div className="flex items-center justify-between gap-3">
          <CardTitle
            id="bills-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-lg focus:outline-none"
          >
            {billsCardTexts.title}
          </CardTitle>
          <TabsList aria-label="Which bills">
            <TabsTrigger value="upcoming">{billsCardTexts.upcoming}</TabsTrigger>
            <TabsTrigger value="all">{billsCardTexts.all}</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="upcoming">
          {body((subscriptions) => (
            <UpcomingBills subscriptions={subscriptions} onOpen={openBill} />
          ))}
        </TabsContent>
        <TabsContent value="all">
          {body((subscriptions) => (
            <AllBills subscriptions={subscriptions} onOpen={openBill} />
          ))}
        </TabsContent>
      </Tabs>
      {onOpenCalendar && (
        <Button variant="ghost" className="mt-2 w-full" onClick={onOpenCalendar}>
          <CalendarDays aria-hidden="true" />
          {billsCardTexts.openCalendar}
        </Button>
      )}
      <SubscriptionDetailPopup
        subscription={open}
        onClose={() => setOpenId(undefined)}
        onCloseAutoFocus={(event) => {
          // The popup has no trigger of its own: take focus back to the row that opened it, or,
          // when that bill is gone (marked as not a subscription), to the card's title.
          event.preventDefault();
          const row = lastOpenId.current && document.getElementById(billRowId(lastOpenId.current));
          (row || titleRef.current)?.focus();
        }}
      />
    </Card>
  );
}

function UpcomingBills({
  subscriptions,
  onOpen,
}: {
  subscriptions: Subscription[];
  onOpen(subscription: Subscription): void;
}) {
  const today = new Date();
  const upcoming = upcomingBills(subscriptions);
  if (upcoming.length === 0) {
    return (
      <EmptyBills
        icon={<CalendarCheck aria-hidden="true" className="size-6 text-primary" />}
        title={billsCardTexts.noUpcoming}
        detail={billsCardTexts.noUpcomingDetail}
      />
    );
  }
  const { thisMonth, later } = groupByMonth(upcoming, today);
  return (
    <div className="space-y-4">
      <Summary label={billsCardTexts.dueThisMonth} amount={dueThisMonth(upcoming, today)} isDue />
      <BillGroup title={billsCardTexts.thisMonth} bills={thisMonth} onOpen={onOpen} />
      <BillGroup title={billsCardTexts.laterOn} bills={later} onOpen={onOpen} />
    </div>
  );
}

function AllBills({
  subscriptions,
  onOpen,
}: {
  subscriptions: Subscription[];
  onOpen(subscription: Subscription): void;
}) {
  const bills = allBills(subscriptions);
  if (bills.length === 0) {
    return (
      <EmptyBills
        icon={<Receipt aria-hidden="true" className="size-6 text-primary" />}
        title={billsCardTexts.noActive}
        detail={billsCardTexts.noActiveDetail}
      />
    );
  }
  return (
    <div className="space-y-4">
      <Summary label={billsCardTexts.averagePerMonth} amount={monthlyTotal(bills)} />
      <BillList bills={bills} label="All active bills" showCadence onOpen={onOpen} />
    </div>
  );
}

function Summary({
  label,
  amount,
  isDue: isDueFigure = false,
}: {
  label: string;
  amount: number;
  isDue?: boolean;
}) {
  // Red is for money due: a due figure of $0.00 reads calmly (docs/figures.md).
  const isDue = isDueFigure && amount > 0;
  return (
    <p
      className={
        isDue
          ? 'flex items-baseline justify-between gap-3 rounded-2xl bg-due/8 px-4 py-3'
          : 'flex items-baseline justify-between gap-3 rounded-2xl bg-muted px-4 py-3'
      }
    >
      <span className="text-sm font-medium">{label}</span>
      <span className={isDue ? 'money text-xl font-bold text-due' : 'money text-xl font-bold'}>
        {formatDollars(amount)}
      </span>
    </p>
  );
}

function BillGroup({
  title,
  bills,
  onOpen,
}: {
  title: string;
  bills: Subscription[];
  onOpen(subscription: Subscription): void;
}) {
  const headingId = useId();
  if (bills.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-1">
      <h3 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {title}
      </h3>
      <BillList bills={bills} label={`Bills due ${title.toLowerCase()}`} onOpen={onOpen} />
    </section>
  );
}

function EmptyBills({ icon, title, detail }: { icon: ReactNode; title: string; detail: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10">
        {icon}
      </span>
      <p className="font-semibold">{title}</p>
      <p className="max-w-64 text-sm text-muted-foreground">{detail}</p>
    </div>
  );
}
