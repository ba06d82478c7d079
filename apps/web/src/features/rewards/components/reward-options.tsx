/**
 * The change-reward choice (spec part 2 §4, §9): the six fixed options with their monthly prices.
 * An option the balance does not yet cover is disabled; the current choice stays marked even
 * then, since it is what the progress bar counts toward.
 */
import {
  formatDollars,
  isRewardOptionAffordable,
  rewardOptions,
  type RewardOption,
} from '@billow/contracts';
import { cn } from '@/lib/cn';

export function RewardOptions({
  balance,
  choice,
  onChoose,
}: {
  balance: number;
  choice: RewardOption;
  onChoose(option: RewardOption): void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Change reward</legend>
      {rewardOptions.map((option) => {
        const isAffordable = isRewardOptionAffordable(balance, option.price);
        const isChosen = option.id === choice.id;
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
              onChange={() => onChoose(option)}
              className="size-4 accent-primary"
            />
            <span className="flex-1">{option.name}</span>
            <span className="money text-muted-foreground">{formatDollars(option.price)}/mo</span>
          </label>
        );
      })}
      <p className="text-xs text-muted-foreground">
        Options unlock as your balance reaches their price. Your choice is kept on this device.
      </p>
    </fieldset>
  );
}
