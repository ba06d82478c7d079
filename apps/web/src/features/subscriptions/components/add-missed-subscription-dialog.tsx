/**
 * "Add a missed subscription": where detection missed one, the person picks the charge
 * among their transactions no subscription holds (newest first, found by merchant or
 * description, more on demand), then confirms its name and how often it comes. Billow keeps it
 * from then on and adds the merchant's later charges to it.
 */
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import {
  addableCadence,
  formatDollars,
  SUBSCRIPTION_NAME_MAX_LENGTH,
  subscriptionMessages,
  type AddableCadence,
  type MissedCandidate,
} from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { cadenceLabels } from '@/lib/cadence';
import { formatPaymentDate } from '@/lib/dates';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { missedCandidatesQuery, useAddMissedSubscription } from '../api/use-missed-subscriptions';

export const addMissedTexts = {
  open: 'Add a missed subscription',
  title: 'Add a missed subscription',
  pickDescription: 'Pick a charge from your accounts. Billow will track it from now on.',
  search: 'Search your transactions',
  list: 'Your transactions',
  loading: 'Loading your transactions',
  more: 'Show more',
  empty: 'No charges to add',
  emptyDetail: 'Every charge in your accounts is already part of a subscription.',
  noMatch: (search: string) => `No charges match “${search}”`,
  confirmDescription: 'Check the name and how often it is charged.',
  name: 'Name',
  cadence: 'How often',
  back: 'Back',
  add: 'Add subscription',
  adding: 'Adding...',
  added: 'Subscription added.',
} as const;

const SEARCH_DELAY_MS = 300;

export function AddMissedSubscriptionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [picked, setPicked] = useState<MissedCandidate | null>(null);
  const close = (isOpen: boolean) => {
    if (!isOpen) setPicked(null);
    onOpenChange(isOpen);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>{addMissedTexts.title}</DialogTitle>
        {picked ? (
          <ConfirmStep
            charge={picked}
            onBack={() => setPicked(null)}
            onAdded={() => close(false)}
          />
        ) : (
          <PickStep onPick={setPicked} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickStep({ onPick }: { onPick(charge: MissedCandidate): void }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const candidates = useInfiniteQuery(missedCandidatesQuery(settled));
  const charges = candidates.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <>
      <DialogDescription>{addMissedTexts.pickDescription}</DialogDescription>
      <div className="relative mt-4">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={addMissedTexts.search}
          placeholder={addMissedTexts.search}
          className="pl-9"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="mt-3" aria-busy={candidates.isPending}>
        {candidates.isPending ? (
          <>
            <span role="status" className="sr-only">
              {addMissedTexts.loading}
            </span>
            <div aria-hidden="true" className="space-y-3 py-2">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-12 w-full rounded-xl" />
              ))}
            </div>
          </>
        ) : candidates.isError ? (
          <LoadError
            message={subscriptionMessages.loadMissedCandidatesFailed}
            onRetry={() => void candidates.refetch()}
            isRetrying={candidates.isFetching}
            retryLabel="Try again"
          />
        ) : charges.length === 0 ? (
          <div role="status" className="space-y-1 py-8 text-center">
            <p className="font-medium">
              {settled ? addMissedTexts.noMatch(settled) : addMissedTexts.empty}
            </p>
            {!settled && (
              <p className="text-sm text-muted-foreground">{addMissedTexts.emptyDetail}</p>
            )}
          </div>
        ) : (
          <>
            <ul aria-label={addMissedTexts.list} className="divide-y">
              {charges.map((charge) => (
                <li key={charge.transaction_id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-lg px-2 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onPick(charge)}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{charge.description}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {formatPaymentDate(charge.date)}
                        {charge.account ? ` · ${charge.account}` : ''}
                      </span>
                    </span>
                    <span className="money font-medium">{formatDollars(charge.amount)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {candidates.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="mt-3 w-full"
                disabled={candidates.isFetchingNextPage}
                onClick={() => void candidates.fetchNextPage()}
              >
                <PendingLabel
                  isPending={candidates.isFetchingNextPage}
                  pendingText={addMissedTexts.loading}
                >
                  {addMissedTexts.more}
                </PendingLabel>
              </Button>
            )}
          </>
        )}
      </div>
    </>
  );
}

function ConfirmStep({
  charge,
  onBack,
  onAdded,
}: {
  charge: MissedCandidate;
  onBack(): void;
  onAdded(): void;
}) {
  const [name, setName] = useState(charge.merchant_name);
  const [cadence, setCadence] = useState<AddableCadence>('MONTHLY');
  const add = useAddMissedSubscription();
  const error = add.error
    ? add.error instanceof ApiError &&
      add.error.problemCode === 'transaction-already-in-subscription'
      ? subscriptionMessages.addMissedTaken
      : subscriptionMessages.addMissedFailed
    : null;
  const isNameBlank = name.trim() === '';

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (isNameBlank) return;
        void add
          .mutateAsync({ transactionId: charge.transaction_id, name: name.trim(), cadence })
          .then(() => {
            toast.success(addMissedTexts.added);
            onAdded();
          })
          .catch(() => {});
      }}
    >
      <DialogDescription>{addMissedTexts.confirmDescription}</DialogDescription>
      <p className="rounded-xl bg-muted px-3 py-2 text-sm">
        <span className="block truncate font-medium">{charge.description}</span>
        <span className="text-muted-foreground">
          {formatDollars(charge.amount)} on {formatPaymentDate(charge.date)}
        </span>
      </p>
      <Field id="missed-name" label={addMissedTexts.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={SUBSCRIPTION_NAME_MAX_LENGTH}
            required
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field id="missed-cadence" label={addMissedTexts.cadence}>
        {(control) => (
          <select
            {...control}
            className="w-full rounded-md border bg-background px-3 py-2 text-sm"
            value={cadence}
            onChange={(event) => setCadence(event.target.value as AddableCadence)}
          >
            {addableCadence.options.map((option) => (
              <option key={option} value={option}>
                {cadenceLabels[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FieldError id="missed-error" message={error} />
      <div className="flex gap-3">
        <Button type="button" variant="outline" className="flex-1" onClick={onBack}>
          {addMissedTexts.back}
        </Button>
        <Button type="submit" className="flex-1" disabled={isNameBlank || add.isPending}>
          <PendingLabel isPending={add.isPending} pendingText={addMissedTexts.adding}>
            {addMissedTexts.add}
          </PendingLabel>
        </Button>
      </div>
    </form>
  );
}
