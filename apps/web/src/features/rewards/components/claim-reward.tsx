/**
 * Claiming the chosen reward (docs/savings.md, "Rewards: one rule"): one button once the balance
 * covers it and it has a bill to go toward, and, with auto-apply on, the same claim made for the
 * person as soon as a screen shows it is ready, once per bill, never for a bill whose claim they
 * put back.
 */
import { useEffect, useRef } from 'react';
import { formatDollars, formatShortDay, type RewardChoice } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { isRewardClaimable } from './reward-progress';
import { useClaimReward } from '../api/use-claim';

const todayIso = () => new Date().toISOString().slice(0, 10);

export function ClaimRewardButton({ balance, target }: { balance: number; target: RewardChoice }) {
  const claim = useClaimReward();
  if (!target.bill || !isRewardClaimable(balance, target)) return null;
  return (
    <div className="space-y-1">
      <Button
        className="w-full"
        onClick={() => claim.mutate({ optionId: target.id })}
        disabled={claim.isPending}
      >
        Claim {formatDollars(Math.min(target.price, target.bill.amount))} toward {target.name}
      </Button>
      <p className="text-xs text-muted-foreground">
        It comes off your {target.name} bill of {formatShortDay(target.bill.date, todayIso())}. You
        can put it back until that bill is charged.
      </p>
    </div>
  );
}

export function useAutoClaim(
  balance: number | undefined,
  target: RewardChoice,
  isAutoApplyEnabled: boolean | undefined,
) {
  const claim = useClaimReward();
  const tried = useRef(new Set<string>());
  const { mutate } = claim;
  const bill = target.bill;
  const key = bill ? `${target.id}:${bill.subscription_id}:${bill.date}` : undefined;
  const isReady =
    isAutoApplyEnabled === true &&
    balance !== undefined &&
    bill !== null &&
    !bill.was_put_back &&
    isRewardClaimable(balance, target);
  useEffect(() => {
    if (!isReady || !key || tried.current.has(key)) return;
    tried.current.add(key);
    mutate({ optionId: target.id, isAutomatic: true });
  }, [isReady, key, mutate, target.id]);
}
