/**
 * Rewards applied toward a bill: Billow covers that part, so the bill shows what the person
 * still pays and what the rewards cover.
 */
import { formatDollars, type Subscription } from '@billow/contracts';

export const rewardCreditText = (credit: number) => `${formatDollars(credit)} covered by rewards`;

/** What the person pays for the next bill: the amount less the rewards applied to it. */
export const amountDue = (bill: Pick<Subscription, 'amount' | 'reward_credit'>) =>
  Math.max(0, Math.round((bill.amount - bill.reward_credit) * 100) / 100);

export function RewardCreditNote({ bill }: { bill: Pick<Subscription, 'reward_credit'> }) {
  if (bill.reward_credit <= 0) return null;
  return (
    <span className="money block text-xs font-medium text-success">
      {rewardCreditText(bill.reward_credit)}
    </span>
  );
}
