import { useId } from 'react';
import { format, isSameDay } from 'date-fns';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { DayCharge } from '../calendar-month';
import { calendarTexts } from './calendar-texts';
import { ChargeList } from './charge-list';
import { isDueSoonDay } from './month-grid';

/** Under the desktop grid: the bills of the day chosen. */
export function DayBills({
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
