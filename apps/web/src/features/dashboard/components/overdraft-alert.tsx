/**
 * The overdraft alert on the dashboard: while the account bills come out of has less available
 * than the bills due before the next paycheck, the same shortfall the overdraft text names, and
 * what to do. Nothing shows when nothing is short, with overdraft protection off, or while the
 * answer loads (it is a warning, not a card to wait for).
 */
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { formatDollars } from '@billow/contracts';
import { formatShortDate } from '@/lib/dates';
import { overdraftQueries } from '../api/overdraft-queries';

export function OverdraftAlert() {
  const { data: risk } = useQuery(overdraftQueries.risk());
  if (!risk) return null;
  return (
    <section
      aria-labelledby="overdraft-alert-heading"
      className="flex gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-5"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-destructive" />
      <div className="min-w-0 space-y-1">
        <h2 id="overdraft-alert-heading" className="font-semibold">
          You may overdraw before payday
        </h2>
        <p className="text-sm">
          {risk.accountName} has {formatDollars(risk.available)} available, but{' '}
          {formatDollars(risk.due)} in bills are due before your next paycheck (
          {formatShortDate(risk.payday)}):{' '}
          {risk.bills
            .map(
              (bill) =>
                `${bill.merchantName} ${formatDollars(bill.amount)} (${formatShortDate(bill.dueDate)})`,
            )
            .join(', ')}
          . You are {formatDollars(risk.shortfall)} short.
        </p>
        <p className="text-sm text-muted-foreground">
          Moving money into {risk.accountName} before these bills keeps it from overdrawing.
        </p>
      </div>
    </section>
  );
}
