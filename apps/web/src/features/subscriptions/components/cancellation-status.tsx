/**
 * Where a cancellation stands (docs/cancellations.md): its status in words, the call's stages
 * and transcript while Billow is on the phone, the confirmation number, the bank watch, a charge
 * that came after cancelling, or why it failed and what to try next.
 */
import { CircleAlert, CircleCheck, Hourglass, Loader2, ShieldCheck } from 'lucide-react';
import { formatDollars, formatLongDay, type Cancellation } from '@billow/contracts';
import { CallStages, stageLabels } from '@/components/call-stages';
import { cn } from '@/lib/cn';

const cancellationStatusTexts = {
  REQUESTED: 'Cancellation requested',
  IN_PROGRESS: 'Cancelling',
  CONFIRMED: 'Cancellation confirmed',
  VERIFIED: 'Cancelled — verified by your bank',
  FAILED: 'Cancellation failed',
  waitingForYou: "Waiting for you: tap I've cancelled once it is done.",
  confirmation: (number: string) => `Confirmation number ${number}`,
  watching: (day: string) =>
    `Billow is watching your bank: no charge by ${formatLongDay(day)} means it is done.`,
  saved: (amount: number) => `You save ${formatDollars(amount)} a year`,
  chargedAfter: (amount: number, day: string) =>
    `Charged ${formatDollars(amount)} on ${formatLongDay(day)} after you cancelled. Ask the merchant for a refund with your confirmation number, or dispute it with your bank.`,
  reconnecting: 'Reconnecting the call…',
  transcript: 'Transcript',
  agent: 'Billow',
} as const;

/** A cancellation call's stages in its own words (the negotiating stage is asking to cancel). */
const cancelStageLabels = {
  ...stageLabels,
  negotiating: 'Asking to cancel',
  finalizing: 'Getting the confirmation',
} as const;

const tone: Record<Cancellation['status'], string> = {
  REQUESTED: 'bg-info/10 text-info',
  IN_PROGRESS: 'bg-info/10 text-info',
  CONFIRMED: 'bg-primary/10 text-primary',
  VERIFIED: 'bg-success/15 text-success',
  FAILED: 'bg-destructive/10 text-destructive',
};

/** A short badge for lists and the detail popup. */
export function CancellationBadge({ cancellation }: { cancellation: Cancellation }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        tone[cancellation.status],
      )}
    >
      {cancellationStatusTexts[cancellation.status]}
    </span>
  );
}

export function CancellationStatus({ cancellation }: { cancellation: Cancellation }) {
  const { status, call } = cancellation;
  const Icon =
    status === 'FAILED'
      ? CircleAlert
      : status === 'VERIFIED'
        ? ShieldCheck
        : status === 'CONFIRMED'
          ? CircleCheck
          : Hourglass;
  return (
    <section aria-label="Cancellation" className="space-y-3 rounded-2xl bg-muted/50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold" role="status">
        <Icon aria-hidden="true" className="size-4" />
        {cancellationStatusTexts[status]}
        {call && status === 'IN_PROGRESS' && (
          <span className="sr-only">
            :{' '}
            {call.is_reconnecting
              ? cancellationStatusTexts.reconnecting
              : cancelStageLabels[call.stage]}
          </span>
        )}
      </p>
      {call?.is_reconnecting ? (
        // The process running the call stopped: the stage it reached is not happening now.
        <p
          aria-hidden="true"
          className="inline-flex items-center gap-1 text-xs font-semibold text-primary"
        >
          <Loader2 aria-hidden="true" className="size-3 animate-spin" />
          {cancellationStatusTexts.reconnecting}
        </p>
      ) : (
        call && <CallStages stage={call.stage} labels={cancelStageLabels} />
      )}
      {status === 'REQUESTED' && cancellation.way !== 'call' && (
        <p className="text-sm text-muted-foreground">{cancellationStatusTexts.waitingForYou}</p>
      )}
      {cancellation.confirmation_number && (
        <p className="text-sm">
          {cancellationStatusTexts.confirmation(cancellation.confirmation_number)}
        </p>
      )}
      {status === 'CONFIRMED' && cancellation.watch_until && (
        <p className="text-sm text-muted-foreground">
          {cancellationStatusTexts.watching(cancellation.watch_until)}
        </p>
      )}
      {status === 'VERIFIED' && (
        <p className="money text-sm font-semibold text-success">
          {cancellationStatusTexts.saved(cancellation.yearly_cost)}
        </p>
      )}
      {cancellation.charged_after.map((charge) => (
        <p key={charge.date} role="alert" className="text-sm font-medium text-destructive">
          {cancellationStatusTexts.chargedAfter(charge.amount, charge.date)}
        </p>
      ))}
      {status === 'FAILED' && (
        <div className="space-y-1 text-sm">
          {cancellation.failure_reason && <p>{cancellation.failure_reason}</p>}
          {cancellation.next_step && (
            <p className="text-muted-foreground">{cancellation.next_step}</p>
          )}
        </div>
      )}
      {call?.summary && status !== 'IN_PROGRESS' && <p className="text-sm">{call.summary}</p>}
      {call && call.messages.length > 0 && (
        <details open={status === 'IN_PROGRESS'}>
          <summary className="cursor-pointer text-sm font-medium">
            {cancellationStatusTexts.transcript}
          </summary>
          <ul className="mt-2 max-h-64 space-y-1.5 overflow-y-auto text-sm">
            {call.messages.map((message, index) => (
              <li key={index}>
                <span className="font-medium">
                  {message.role === 'assistant'
                    ? cancellationStatusTexts.agent
                    : cancellation.merchant_name}
                  :
                </span>{' '}
                {message.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
