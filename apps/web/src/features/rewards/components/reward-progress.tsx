/**
 * Progress toward the chosen reward (docs/rewards.md, "Progress and options"): balance ÷ its price,
 * capped at 100 %, and 'Ready to claim!' once the balance covers it and there is a bill of the
 * person's to claim it on (docs/savings.md); with nothing to claim it on, the screen says so
 * instead.
 */
import type { ReactNode } from 'react';
import {
  formatDollars,
  rewardMessages,
  rewardProgressPercent,
  type RewardChoice,
} from '@billow/contracts';

/**
 * Whether the balance covers the reward (docs/rewards.md, "Progress and options": 100 % or more).
 */
export const isRewardClaimable = (balance: number, target: Pick<RewardChoice, 'price'>) =>
  rewardProgressPercent(balance, target.price) >= 100;

export function RewardProgress({
  balance,
  target,
  action,
}: {
  balance: number;
  target: RewardChoice;
  /** The claim, shown under 'Ready to claim!'. */
  action?: ReactNode;
}) {
  const percent = rewardProgressPercent(balance, target.price);
  const isReady = percent >= 100;
  const billName = target.name === target.kind ? target.kind.toLowerCase() : target.name;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0">
          <span className="font-medium">{target.name}</span>
          {target.name !== target.kind && (
            <span className="text-muted-foreground"> · {target.kind}</span>
          )}
        </span>
        <span className="money shrink-0 text-muted-foreground">
          {formatDollars(Math.min(balance, target.price))} of {formatDollars(target.price)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress toward ${target.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`${Math.round(percent)}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      {isReady && target.bill ? (
        <>
          <p className="text-sm font-semibold text-primary">{rewardMessages.readyToClaim}</p>
          {action}
        </>
      ) : isReady ? (
        <p className="text-sm text-muted-foreground">
          No {billName} bill to claim it on right now.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          <span className="money">{formatDollars(target.price - balance)}</span> to go
        </p>
      )}
    </div>
  );
}
