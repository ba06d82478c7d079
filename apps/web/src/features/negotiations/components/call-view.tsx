/**
 * A negotiation call as it runs and once it ended (Billow's addition to the spec): the stages as
 * a stepper that moves while the list reloads, then the outcome and the transcript.
 */
import { Check, Loader2, X } from 'lucide-react';
import {
  callStage,
  formatDollars,
  negotiatedPriceText,
  type CallStage,
  type NegotiationOffer,
} from '@billow/contracts';
import { cn } from '@/lib/cn';

const stageLabels: Record<CallStage, string> = {
  queued: 'Queued',
  initializing: 'Getting ready',
  dialing: 'Dialing',
  connected: 'Connected',
  authenticating: 'Verifying the account',
  negotiating: 'Negotiating',
  finalizing: 'Finalizing',
  completed: 'Call ended',
  failed: 'Call failed',
};
const path = callStage.options.filter((stage) => stage !== 'failed');

export const callViewTexts = {
  reconnecting: 'Reconnecting the call…',
  transcript: 'Transcript',
  agent: 'Billow',
  saved: (amount: number) => `You save ${formatDollars(amount)}`,
} as const;

export function CallStages({ stage }: { stage: CallStage }) {
  const current = stage === 'failed' ? -1 : path.indexOf(stage);
  return (
    <ol aria-label="Call progress" className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {path.map((step, index) => {
        const isDone = current > index || stage === 'completed';
        const isNow = current === index && stage !== 'completed';
        return (
          <li
            key={step}
            aria-current={isNow ? 'step' : undefined}
            className={cn(
              'inline-flex items-center gap-1',
              isDone
                ? 'text-foreground'
                : isNow
                  ? 'font-semibold text-primary'
                  : 'text-muted-foreground',
            )}
          >
            {isDone ? (
              <Check aria-hidden="true" className="size-3" />
            ) : isNow ? (
              <Loader2 aria-hidden="true" className="size-3 animate-spin" />
            ) : null}
            {stageLabels[step]}
          </li>
        );
      })}
      {stage === 'failed' && (
        <li className="inline-flex items-center gap-1 text-destructive">
          <X aria-hidden="true" className="size-3" />
          {stageLabels.failed}
        </li>
      )}
    </ol>
  );
}

export function CallView({ offer }: { offer: NegotiationOffer }) {
  const call = offer.call;
  if (!call) return null;
  const isNewPrice = offer.status === 'SUCCESSFUL' && offer.negotiated_price !== null;
  return (
    <div className="space-y-3 rounded-2xl bg-muted/50 p-3">
      <p role="status" className="sr-only">
        {call.is_reconnecting ? callViewTexts.reconnecting : stageLabels[call.stage]}
      </p>
      {call.is_reconnecting ? (
        // The process running the call stopped: the stage it reached is not happening now.
        <p
          aria-hidden="true"
          className="inline-flex items-center gap-1 text-xs font-semibold text-primary"
        >
          <Loader2 aria-hidden="true" className="size-3 animate-spin" />
          {callViewTexts.reconnecting}
        </p>
      ) : (
        <CallStages stage={call.stage} />
      )}
      {offer.status === 'SUCCESSFUL' && offer.successful_savings !== null && (
        <p className="text-sm font-semibold text-success">
          {callViewTexts.saved(offer.successful_savings)}
        </p>
      )}
      {isNewPrice && (
        <p className="text-sm">
          {negotiatedPriceText(
            offer.service_name,
            offer.current_price,
            offer.negotiated_price!,
            offer.subscription_cadence,
          )}
        </p>
      )}
      {offer.status === 'REJECTED' && offer.rejection_reason && (
        <p className="text-sm text-muted-foreground">{offer.rejection_reason}</p>
      )}
      {/* A lowered price is said once, in Billow's words above; the call's own summary may put it
          in months (docs/figures.md). */}
      {call.summary && !isNewPrice && <p className="text-sm">{call.summary}</p>}
      {call.messages.length > 0 && (
        <details open={offer.status === 'IN_PROGRESS'}>
          <summary className="cursor-pointer text-sm font-medium">
            {callViewTexts.transcript}
          </summary>
          <ul className="mt-2 max-h-64 space-y-1.5 overflow-y-auto text-sm">
            {call.messages.map((message, index) => (
              <li key={index}>
                <span className="font-medium">
                  {message.role === 'assistant' ? callViewTexts.agent : offer.service_name}:
                </span>{' '}
                {message.message}
                <span className="ml-1 text-xs text-muted-foreground">
                  {Math.round(message.secondsFromStart)}s
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
