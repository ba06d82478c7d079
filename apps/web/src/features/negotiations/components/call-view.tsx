/**
 * A negotiation call as it runs and once it ended (docs/negotiations.md, "On the screen"): the stages as
 * a stepper that moves while the list reloads, then the outcome and the transcript.
 */
import { Loader2 } from 'lucide-react';
import { formatDollars, negotiatedPriceText, type NegotiationOffer } from '@billow/contracts';
import { CallStages, stageLabels } from '@/components/call-stages';

const callViewTexts = {
  reconnecting: 'Reconnecting the call…',
  transcript: 'Transcript',
  agent: 'Billow',
  saved: (amount: number) => `You save ${formatDollars(amount)}`,
} as const;

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
