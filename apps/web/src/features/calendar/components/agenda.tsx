import { format, isSameDay } from 'date-fns';
import { AlarmClock } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { DayCharge } from '../calendar-month';
import { calendarTexts } from './calendar-texts';
import { ChargeList } from './charge-list';
import { isDueSoonDay } from './month-grid';

/** On a phone: the month's days with bills, in order, each with its bills. */
export function Agenda({
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
