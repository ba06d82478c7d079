/**
 * The rewards history, read from the ledger (not a sample list built from the lifetime total): what
 * was earned, claimed toward a bill (named with its date) or taken back, newest first, a page at a
 * time. An entry wraps rather than being cut off on a phone; a claim whose bill has not been
 * charged can be put back from its row.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { formatDollars, rewardMessages, type RewardTransaction } from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { rewardQueries } from '../api/reward-queries';
import { usePutBackReward } from '../api/use-claim';

const rewardHistoryTexts = {
  title: 'History',
  empty: 'No rewards yet',
  howToEarn:
    'You earn rewards when Billow lowers one of your bills through a negotiation, and when Billow pays an annual plan for you. They add up here toward a free subscription.',
  loadMore: 'Show more',
  putBack: 'Put back',
  tryAgain: 'Try again',
} as const;

const TYPE_LABELS: Record<RewardTransaction['type'], string> = {
  SUBSCRIPTION_PAYMENT: 'Annual plan',
  REWARD: 'Reward applied',
  REFERRAL: 'Referral',
  NEGOTIATION: 'Negotiation',
  OTHER: 'Other',
};

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function RewardHistory() {
  const history = useInfiniteQuery(rewardQueries.history());
  const entries = history.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <Card aria-labelledby="reward-history-title" aria-busy={history.isPending}>
      <CardTitle id="reward-history-title">{rewardHistoryTexts.title}</CardTitle>
      {history.isPending ? (
        <div aria-hidden="true" className="mt-4 space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : history.isError && !history.data ? (
        <LoadError
          message={rewardMessages.loadFailed}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
          retryLabel={rewardHistoryTexts.tryAgain}
        />
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <Gift aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">{rewardHistoryTexts.empty}</p>
          <p className="text-sm text-muted-foreground">{rewardHistoryTexts.howToEarn}</p>
        </div>
      ) : (
        <>
          <ul aria-label="Rewards history" className="mt-3 divide-y">
            {entries.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ul>
          {history.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-sm text-muted-foreground">
              {rewardMessages.loadFailed}
            </p>
          )}
          {history.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {rewardHistoryTexts.loadMore}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function HistoryEntry({ entry }: { entry: RewardTransaction }) {
  const isCredit = entry.amount > 0;
  const putBack = usePutBackReward();
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">{entry.description}</p>
        <p className="text-xs text-muted-foreground">
          {TYPE_LABELS[entry.type]} · {dateFormat.format(new Date(`${entry.date}T00:00:00Z`))}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span
          className={cn(
            'money text-sm font-semibold',
            isCredit ? 'text-primary' : 'text-muted-foreground',
          )}
        >
          {isCredit ? '+' : '−'}
          {formatDollars(Math.abs(entry.amount))}
        </span>
        {entry.is_returnable && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${rewardHistoryTexts.putBack} ${formatDollars(Math.abs(entry.amount))} from ${entry.service}`}
            onClick={() => putBack.mutate(entry.id)}
            disabled={putBack.isPending}
          >
            {rewardHistoryTexts.putBack}
          </Button>
        )}
      </div>
    </li>
  );
}
