/**
 * The status marks (docs/negotiations.md, "On the screen"): IN PROGRESS blue, INPUT REQUIRED
 * orange; others in words.
 */
import { negotiationMessages, type NegotiationStatus } from '@billow/contracts';
import { cn } from '@/lib/cn';

const others: Partial<Record<NegotiationStatus, { label: string; className: string }>> = {
  SUCCESSFUL: { label: 'SUCCESSFUL', className: 'bg-success/15 text-foreground' },
  REJECTED: { label: 'NOT LOWERED', className: 'bg-muted text-muted-foreground' },
  PENDING: { label: 'QUEUED', className: 'bg-muted text-muted-foreground' },
};

export function NegotiationBadge({ status }: { status: NegotiationStatus }) {
  const badge =
    status === 'IN_PROGRESS'
      ? { label: negotiationMessages.badges.IN_PROGRESS, className: 'bg-blue-600 text-white' }
      : status === 'USER_INPUT_REQUIRED'
        ? {
            label: negotiationMessages.badges.USER_INPUT_REQUIRED,
            // Orange (docs/negotiations.md, "On the screen"), dark enough for white 11 px text
            // (4.5:1).
            className: 'bg-orange-700 text-white',
          }
        : others[status]!;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[11px] font-semibold tracking-wide',
        badge.className,
      )}
    >
      {badge.label}
    </span>
  );
}
