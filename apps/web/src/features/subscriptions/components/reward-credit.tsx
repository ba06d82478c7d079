/**
 * Rewards applied toward a bill: Billow covers that part, so the bill shows what the person
 * still pays and what the rewards cover.
 */
import { coveredByRewardsText, type Subscription } from '@billow/contracts';

/** The words and the amount due are the contracts' own, so the calendar and the chat agree. */
export { amountDue } from '@billow/contracts';
const rewardCreditText = coveredByRewardsText;

export function RewardCreditNote({ bill }: { bill: Pick<Subscription, 'reward_credit'> }) {
  if (bill.reward_credit <= 0) return null;
  return (
    <span className="money block text-xs font-medium text-success">
      {rewardCreditText(bill.reward_credit)}
    </span>
  );
}
