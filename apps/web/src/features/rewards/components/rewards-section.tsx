/**
 * The rewards section (docs/rewards.md, "What the section shows"): balance and lifetime accrued
 * from the server; the next reward, which is the one the person chose (kept on this device), named
 * after their bill; progress toward it, its claim and the options to change it; and the history
 * from the rewards ledger. One rule (docs/savings.md): the balance goes toward the chosen reward,
 * claimed by the person, or for them with auto-apply on, and it comes off that bill's next charge.
 */
import { useQueries } from '@tanstack/react-query';
import { formatDollars, rewardMessages } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { SectionHeader } from '@/components/section-header';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { rewardQueries } from '../api/reward-queries';
import { useRewardChoices } from '../use-reward-choice';
import { ClaimRewardButton, useAutoClaim } from './claim-reward';
import { RewardHistory } from './reward-history';
import { RewardOptions } from './reward-options';
import { RewardProgress } from './reward-progress';

const rewardsSectionTexts = {
  heading: 'Rewards',
  back: 'Back to home',
  balance: 'Balance',
  lifetimeAccrued: 'Lifetime accrued',
  nextReward: 'Next reward',
  progress: 'Your reward',
  autoApplyOn: (bill: string) =>
    `Auto-apply is on: once your balance covers it, it is claimed for you and comes off your next ${bill} bill.`,
  autoApplyOff: (bill: string) =>
    `Once your balance covers it, claim it and it comes off your next ${bill} bill. Auto-apply is off.`,
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
  const [balance, lifetime] = useQueries({
    queries: [rewardQueries.balance(), rewardQueries.lifetimeAccrued()],
  });
  const { choices, target, choose, query: next } = useRewardChoices();
  useAutoClaim(balance.data, target, isAutoApplyEnabled);
  const isPending = balance.isPending || lifetime.isPending || next.isPending;
  const failed = [balance, lifetime, next].filter((q) => q.isError);
  const billName = target.name === target.kind ? target.kind.toLowerCase() : target.name;
  const isRetrying = failed.some((q) => q.isFetching);

  return (
    <div className="space-y-5" aria-busy={isPending}>
      <SectionHeader
        heading={rewardsSectionTexts.heading}
        backLabel={rewardsSectionTexts.back}
        onBack={onBack}
      />
      {failed.length > 0 ? (
        <>
          <Card>
            <LoadError
              message={rewardMessages.loadFailed}
              onRetry={() => failed.forEach((q) => void q.refetch())}
              isRetrying={isRetrying}
              retryLabel={rewardsSectionTexts.tryAgain}
            />
          </Card>
          <RewardHistory />
        </>
      ) : (
        // On a wide screen the history fills the space under the figures, beside the taller
        // progress card (a second flexible row, so the figures' row keeps their own height).
        <div className="grid gap-4 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:items-start">
          <Card aria-label="Rewards figures" className="grid grid-cols-2 gap-4">
            <Figure label={rewardsSectionTexts.balance} value={balance.data} />
            <Figure label={rewardsSectionTexts.lifetimeAccrued} value={lifetime.data} />
            <div className="col-span-2 space-y-1">
              <p className="text-sm text-muted-foreground">{rewardsSectionTexts.nextReward}</p>
              {next.data ? (
                <>
                  <p className="text-lg font-semibold">
                    {target.name} · <span className="money">{formatDollars(target.price)}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {isAutoApplyEnabled === false
                      ? rewardsSectionTexts.autoApplyOff(billName)
                      : rewardsSectionTexts.autoApplyOn(billName)}
                  </p>
                </>
              ) : (
                <Skeleton className="h-7 w-48" />
              )}
            </div>
          </Card>
          <Card aria-labelledby="reward-progress-title" className="space-y-5 lg:row-span-2">
            <CardTitle id="reward-progress-title">{rewardsSectionTexts.progress}</CardTitle>
            {balance.data === undefined ? (
              <Skeleton className="h-16 w-full" />
            ) : (
              <>
                <RewardProgress
                  balance={balance.data}
                  target={target}
                  action={<ClaimRewardButton balance={balance.data} target={target} />}
                />
                <RewardOptions
                  balance={balance.data}
                  choices={choices}
                  choice={target}
                  onChoose={choose}
                />
              </>
            )}
          </Card>
          <RewardHistory />
        </div>
      )}
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
