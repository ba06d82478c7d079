/**
 * The dashboard's way into the rewards section: the balance and the progress toward the reward
 * the person chose, its claim once ready (made for them with auto-apply on), then one button.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Gift } from 'lucide-react';
import { formatDollars, rewardMessages } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { rewardQueries } from '../api/reward-queries';
import { useRewardChoices } from '../use-reward-choice';
import { ClaimRewardButton, useAutoClaim } from './claim-reward';
import { RewardProgress } from './reward-progress';

export function RewardsCard({
  onOpen,
  isAutoApplyEnabled,
}: {
  onOpen(): void;
  /** Undefined while the profile loads: nothing is claimed for the person until it is known. */
  isAutoApplyEnabled?: boolean | undefined;
}) {
  const balance = useQuery(rewardQueries.balance());
  const { target } = useRewardChoices();
  useAutoClaim(balance.data, target, isAutoApplyEnabled);

  return (
    <Card aria-labelledby="rewards-card-title" aria-busy={balance.isPending} className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10">
          <Gift aria-hidden="true" className="size-5 text-primary" />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle id="rewards-card-title">Rewards</CardTitle>
          {balance.data !== undefined ? (
            <p className="text-sm text-muted-foreground">
              <span className="money">{formatDollars(balance.data)}</span> toward a free
              subscription
            </p>
          ) : balance.isPending ? (
            <Skeleton className="mt-1 h-4 w-40" />
          ) : null}
        </div>
      </div>
      {balance.isError ? (
        <LoadError
          message={rewardMessages.loadFailed}
          onRetry={() => void balance.refetch()}
          isRetrying={balance.isFetching}
        />
      ) : balance.data !== undefined ? (
        <RewardProgress
          balance={balance.data}
          target={target}
          action={<ClaimRewardButton balance={balance.data} target={target} />}
        />
      ) : null}
      <Button variant="outline" className="w-full" onClick={onOpen}>
        See rewards
        <ChevronRight aria-hidden="true" />
      </Button>
    </Card>
  );
}
