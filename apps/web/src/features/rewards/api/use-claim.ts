/**
 * Claiming the reward the person chose, and putting a claim back (docs/savings.md, "Rewards: one
 * rule"): either changes the balance, the history and the bill the claim went toward, so the
 * rewards and the subscriptions (their rows, the calendar) reload. A refusal is told in
 * `rewardMessages`' words for its reason.
 */
import { useQueryClient } from '@tanstack/react-query';
import { rewardMessages, rewardRouteRefs, type RewardOptionId } from '@billow/contracts';
import { toast } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

const refusals: Record<string, string> = {
  'reward-not-covered': rewardMessages.notCovered,
  'reward-no-bill': rewardMessages.noBill,
  'reward-not-returnable': rewardMessages.notReturnable,
  'reward-transaction-not-found': rewardMessages.notReturnable,
};

function sayWhy(error: unknown, options: { isQuiet?: boolean } = {}) {
  const why = error instanceof ApiError ? error.problemCode : undefined;
  if (options.isQuiet && why) return;
  toast.error((why && refusals[why]) ?? rewardMessages.loadFailed);
}

export function useClaimReward() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ optionId }: { optionId: RewardOptionId; isAutomatic?: boolean }) =>
      api(rewardRouteRefs.claim, { option_id: optionId }),
    onSuccess: (claimed) => toast.success(claimed.description),
    // An automatic claim another tab made first is no news to the person.
    onError: (error, { isAutomatic }) => sayWhy(error, { isQuiet: isAutomatic }),
    onSettled: () => invalidateDomains(queryClient, ['rewards', 'subscriptions']),
  });
}

export function usePutBackReward() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (transactionId: string) =>
      api(rewardRouteRefs.returnClaim, { transaction_id: transactionId }),
    onSuccess: (back) => toast.success(back.description),
    onError: (error) => sayWhy(error),
    onSettled: () => invalidateDomains(queryClient, ['rewards', 'subscriptions']),
  });
}
