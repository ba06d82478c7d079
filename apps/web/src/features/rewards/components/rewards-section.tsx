/**
 * The rewards section (spec part 2 §2, §4): balance, lifetime accrued and the next reward from
 * the server; progress toward the reward the person chose (kept on this device) and the options
 * to change it; and the history from the rewards ledger.
 */
import { useQueries } from '@tanstack/react-query';
import { formatDollars, rewardMessages } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { SectionHeader } from '@/components/section-header';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { rewardQueries } from '../api/reward-queries';
import { useRewardChoice } from '../use-reward-choice';
import { RewardHistory } from './reward-history';
import { RewardOptions } from './reward-options';
import { RewardProgress } from './reward-progress';

export const rewardsSectionTexts = {
  heading: 'Rewards',
  back: 'Back to home',
  balance: 'Balance',
  lifetimeAccrued: 'Lifetime accrued',
  nextReward: 'Next reward',
  progress: 'Your reward',
  autoApplyOn: 'Applied automatically to that bill once your balance covers it.',
  autoApplyOff: 'Auto-apply is off: turn it on in your profile to use your balance on that bill.',
  tryAgain: 'Try again',
} as const;

export function RewardsSection({
  onBack,
  isAutoApplyEnabled,
}: {
  onBack(): void;
  /** Undefined while the profile loads: read as on, its default. */
  isAutoApplyEnabled: boolean | undefined;
}) {
  const [balance, lifetime, next] = useQueries({
    queries: [rewardQueries.balance(), rewardQueries.lifetimeAccrued(), rewardQueries.nextReward()],
  });
  const [choice, choose] = useRewardChoice();
  const isPending = balance.isPending || lifetime.isPending || next.isPending;
  const failed = [balance, lifetime, next].filter((q) => q.isError);
  const isRetrying = failed.some((q) => q.isFetching);

  return (
    <div className="space-y-5" aria-busy={isPending}>
      <SectionHeader
        heading={rewardsSectionTexts.heading}
        backLabel={rewardsSectionTexts.back}
        onBack={onBack}
      />
      {failed.length > 0 ? (
        <Card>
          <LoadError
            message={rewardMessages.loadFailed}
            onRetry={() => failed.forEach((q) => void q.refetch())}
            isRetrying={isRetrying}
            retryLabel={rewardsSectionTexts.tryAgain}
          />
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <Card aria-label="Rewards figures" className="grid grid-cols-2 gap-4">
            <Figure label={rewardsSectionTexts.balance} value={balance.data} />
            <Figure label={rewardsSectionTexts.lifetimeAccrued} value={lifetime.data} />
            <div className="col-span-2 space-y-1">
              <p className="text-sm text-muted-foreground">{rewardsSectionTexts.nextReward}</p>
              {next.data ? (
                <>
                  <p className="text-lg font-semibold">
                    {next.data.name} ·{' '}
                    <span className="money">{formatDollars(next.data.amount)}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {isAutoApplyEnabled === false
                      ? rewardsSectionTexts.autoApplyOff
                      : rewardsSectionTexts.autoApplyOn}
                  </p>
                </>
              ) : (
                <Skeleton className="h-7 w-48" />
              )}
            </div>
          </Card>
          <Card aria-labelledby="reward-progress-title" className="space-y-5">
            <CardTitle id="reward-progress-title">{rewardsSectionTexts.progress}</CardTitle>
            {balance.data === undefined ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              <>
                <RewardProgress balance={balance.data} target={choice} />
                <RewardOptions balance={balance.data} choice={choice} onChoose={choose} />
              </>
            )}
          </Card>
        </div>
      )}
      <RewardHistory />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="space-y-1">
      <p className="text-sm text-muted-foreground">{label}</p>
      {value === undefined ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <p className="money text-2xl font-bold" aria-label={`${label} ${formatDollars(value)}`}>
          {formatDollars(value)}
        </p>
      )}
    </div>
  );
}
