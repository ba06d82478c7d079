/**
 * A phone call's stages as a stepper that moves while its screen reloads: the negotiation and the
 * cancellation calls both show it (a stage beyond the negotiation call's own,
 * docs/negotiations.md).
 */
import { Check, Loader2, X } from 'lucide-react';
import { callStage, type CallStage } from '@billow/contracts';
import { cn } from '@/lib/cn';

export const stageLabels: Record<CallStage, string> = {
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

export function CallStages({
  stage,
  labels = stageLabels,
}: {
  stage: CallStage;
  /** Words for the stages when the call is not a negotiation's. */
  labels?: Record<CallStage, string>;
}) {
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
            {labels[step]}
          </li>
        );
      })}
      {stage === 'failed' && (
        <li className="inline-flex items-center gap-1 text-destructive">
          <X aria-hidden="true" className="size-3" />
          {labels.failed}
        </li>
      )}
    </ol>
  );
}
