import { formatDollars } from '@billow/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** A month's figure; a due one is red only while something is due (docs/figures.md). */
export function MonthTotal({
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
