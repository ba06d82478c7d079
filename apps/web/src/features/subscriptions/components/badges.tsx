/**
 * The small marks on a subscription. Each one says what it means in words; the colour
 * (docs/subscriptions.md, "The subscriptions section": ACTIVE green, paused yellow, cancelled red,
 * anything else grey) only backs the words up.
 */
import { TrendingUp } from 'lucide-react';
import { formatDollars, type Subscription, type SubscriptionStatus } from '@billow/contracts';
import { cn } from '@/lib/cn';
import { plainWords } from '@/lib/plain-words';

type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const tones: Partial<Record<SubscriptionStatus, StatusTone>> = {
  ACTIVE: 'success',
  PAUSED: 'warning',
  CANCELLED: 'danger',
};

const toneClasses: Record<StatusTone, { badge: string; dot: string }> = {
  success: { badge: 'bg-success/12', dot: 'bg-success' },
  warning: { badge: 'bg-warning/15', dot: 'bg-warning' },
  danger: { badge: 'bg-destructive/10', dot: 'bg-destructive' },
  neutral: { badge: 'bg-muted', dot: 'bg-muted-foreground' },
};

function statusToneOf(status: SubscriptionStatus): StatusTone {
  return tones[status] ?? 'neutral';
}

/** 'FREE_TRIAL_EXPIRED' → 'Free trial expired'. */
function statusLabelOf(status: SubscriptionStatus): string {
  const words = plainWords(status).toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const badgeClass =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium text-foreground';

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const tone = statusToneOf(status);
  return (
    <span data-tone={tone} className={cn(badgeClass, toneClasses[tone].badge)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', toneClasses[tone].dot)} />
      <span className="sr-only">Status: </span>
      {statusLabelOf(status)}
    </span>
  );
}

/** 'Price went up from $13.99 to $15.49', when detection saw the price rise. */
function priceIncreaseText(subscription: Pick<Subscription, 'amount' | 'previous_amount'>): string {
  const now = formatDollars(Math.abs(subscription.amount));
  return subscription.previous_amount === null
    ? `Price went up to ${now}`
    : `Price went up from ${formatDollars(Math.abs(subscription.previous_amount))} to ${now}`;
}

export function PriceIncreaseBadge({
  subscription,
}: {
  subscription: Pick<Subscription, 'amount' | 'previous_amount' | 'is_price_increase'>;
}) {
  if (!subscription.is_price_increase) return null;
  return (
    <span className={cn(badgeClass, 'bg-warning/15')}>
      <TrendingUp aria-hidden="true" className="size-3.5 text-warning" />
      {priceIncreaseText(subscription)}
    </span>
  );
}

/** "Why we think this is a subscription": detection's reasons, in its own words. */
/**
 * How sure detection is, in words: where it is unsure, the person knows to check, and
 * "Not a subscription?" is right below.
 */
function confidenceLabel(
  confidence: number,
  /** The person added it by hand: it is theirs, not detection's guess. */
  isUserAdded = false,
): { words: string; isUnsure: boolean } {
  if (isUserAdded) return { words: 'Added by you', isUnsure: false };
  const percent = `${Math.round(confidence * 100)}%`;
  if (confidence >= 0.85) return { words: `Very sure (${percent})`, isUnsure: false };
  if (confidence >= 0.6) return { words: `Fairly sure (${percent})`, isUnsure: false };
  return { words: `Not sure (${percent}): check it is one`, isUnsure: true };
}

export function EvidenceList({
  evidence,
  confidence,
  isUserAdded = false,
  isCompact = false,
}: {
  evidence: readonly string[];
  /** Shown next to the heading in the full form. */
  confidence?: number;
  /** Added by the person: "Added by you" stands where the confidence would. */
  isUserAdded?: boolean;
  /** In a list row: no heading, smaller type. */
  isCompact?: boolean;
}) {
  if (evidence.length === 0) return null;
  const sure = confidence === undefined ? undefined : confidenceLabel(confidence, isUserAdded);
  const items = (
    <ul
      aria-label={isCompact ? 'Why we think this is a subscription' : undefined}
      className={cn(
        'list-disc space-y-1 pl-5 text-muted-foreground marker:text-muted-foreground/60',
        isCompact ? 'text-xs' : 'text-sm',
      )}
    >
      {evidence.map((sentence, index) => (
        <li key={`${index}-${sentence}`}>{sentence}</li>
      ))}
    </ul>
  );
  if (isCompact) return items;
  return (
    <section aria-labelledby="evidence-heading" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id="evidence-heading" className="text-sm font-semibold">
          Why we think this is a subscription
        </h3>
        {sure && (
          <span
            data-testid="confidence"
            className={cn(
              'text-xs',
              sure.isUnsure ? 'font-medium text-due' : 'text-muted-foreground',
            )}
          >
            {sure.words}
          </span>
        )}
      </div>
      {items}
    </section>
  );
}
