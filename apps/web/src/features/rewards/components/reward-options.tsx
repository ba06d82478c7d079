/**
 * The change-reward choice (docs/rewards.md, "Progress and options"): the six fixed options with
 * their monthly prices, each named after the person's own bill of its kind when they have one
 * (Netflix · Video streaming). An option the balance does not yet cover is disabled; the current
 * choice stays marked even then, since it is what the progress bar counts toward.
 */
import {
  formatDollars,
  isRewardOptionAffordable,
  rewardOptions,
  type RewardChoice,
  type RewardOption,
} from '@billow/contracts';
import { cn } from '@/lib/cn';

export function RewardOptions({
  balance,
  choices,
  choice,
  onChoose,
}: {
  balance: number;
  choices: readonly RewardChoice[];
  choice: RewardChoice;
  onChoose(option: RewardOption): void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Change reward</legend>
      {choices.map((option) => {
        const isAffordable = isRewardOptionAffordable(balance, option.price);
        const isChosen = option.id === choice.id;
        const spec = rewardOptions.find((o) => o.id === option.id)!;
        return (
          <label
            key={option.id}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-3 text-sm',
              isChosen && 'border-primary bg-primary/5',
              isAffordable ? 'cursor-pointer' : 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="reward-choice"
              value={option.id}
              checked={isChosen}
              disabled={!isAffordable}
              onChange={() => onChoose(spec)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 flex-1">
              <span className="block">{option.name}</span>
              {option.name !== option.kind && (
                <span className="block text-xs text-muted-foreground">{option.kind}</span>
              )}
            </span>
            <span className="money shrink-0 text-muted-foreground">
              {formatDollars(option.price)}/mo
            </span>
          </label>
        );
      })}
      <p className="text-xs text-muted-foreground">
        Options unlock as your balance reaches their price. Your choice is kept on this device.
      </p>
    </fieldset>
  );
}
