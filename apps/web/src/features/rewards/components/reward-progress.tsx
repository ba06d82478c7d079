/**
 * Progress toward the chosen reward (spec part 2 §4): balance ÷ its price, capped at 100 %, and
 * 'Ready to claim!' once the balance covers it.
 */
import { formatDollars, rewardMessages, rewardProgressPercent } from '@billow/contracts';
import type { RewardOption } from '@billow/contracts';

export function RewardProgress({ balance, target }: { balance: number; target: RewardOption }) {
  const percent = rewardProgressPercent(balance, target.price);
  const isReady = percent >= 100;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{target.name}</span>
        <span className="money text-muted-foreground">
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
      {isReady ? (
        <p className="text-sm font-semibold text-primary">{rewardMessages.readyToClaim}</p>
      ) : (
        <p className="text-sm text-muted-foreground">
          <span className="money">{formatDollars(target.price - balance)}</span> to go
        </p>
      )}
    </div>
  );
}
