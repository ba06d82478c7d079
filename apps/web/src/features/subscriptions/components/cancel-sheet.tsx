/**
 * The cancel sheet (docs/cancellations.md): what the subscription costs a year, how its
 * merchant is cancelled and the traps, then up to three ways out, or where the cancellation
 * stands once it is asked for.
 */
import { Ban } from 'lucide-react';
import { useState } from 'react';
import {
  formatDollars,
  formatPhoneNumber,
  type CancellationChannel,
  type CancellationOptions,
  type Subscription,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCancellationOptions } from '../api/cancellation-queries';
import { CancelWays } from './cancel-ways';
import { CancellationStatus } from './cancellation-status';

export const cancelSheetTexts = {
  button: 'Cancel subscription',
  title: (merchant: string) => `Cancel ${merchant}`,
  yearly: (amount: number) => `It costs you ${formatDollars(amount)} a year.`,
  how: (merchant: string) => `How ${merchant} is cancelled`,
  generic: 'Billow does not know this merchant yet; this is what works almost everywhere.',
  notice: 'Notice',
  traps: 'Watch out',
  failed: 'Failed to load the ways to cancel. Please try again.',
  retry: 'Try again',
  again: 'Try another way',
} as const;

const channelWords: Record<CancellationChannel, string> = {
  online: 'online',
  phone: 'by phone',
  email: 'by email',
  letter: 'by letter',
  in_person: 'in person',
};

function Guide({ options }: { options: CancellationOptions }) {
  const { guide } = options;
  const ways = guide.channels.map((c) => channelWords[c]).join(', ');
  return (
    <section aria-labelledby="cancel-how" className="space-y-2 text-sm">
      <h3 id="cancel-how" className="font-semibold">
        {cancelSheetTexts.how(options.merchant_name)}
      </h3>
      {guide.is_generic && <p className="text-muted-foreground">{cancelSheetTexts.generic}</p>}
      <p className="first-letter:uppercase">
        {ways}
        {guide.phone && guide.channels.includes('phone')
          ? ` (${formatPhoneNumber(guide.phone)})`
          : ''}
        .
      </p>
      {guide.notice && (
        <p>
          <span className="font-medium">{cancelSheetTexts.notice}: </span>
          {guide.notice}
        </p>
      )}
      {guide.notes.length > 0 && (
        <div>
          <p className="font-medium">{cancelSheetTexts.traps}</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {guide.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function SheetBody({ subscriptionId }: { subscriptionId: string }) {
  const options = useCancellationOptions(subscriptionId);
  const [isRetrying, setRetrying] = useState(false);
  if (options.isPending) return <Skeleton className="h-48 w-full" />;
  if (options.isError)
    return (
      <div role="alert" className="space-y-3 text-sm">
        <p>{cancelSheetTexts.failed}</p>
        <Button variant="outline" onClick={() => void options.refetch()}>
          {cancelSheetTexts.retry}
        </Button>
      </div>
    );
  const data = options.data;
  const current = data.cancellation;
  const isOpenOrDone = current && current.status !== 'FAILED';
  const showsWays =
    !current || current.status === 'REQUESTED' ? true : current.status === 'FAILED' && isRetrying;
  return (
    <div className="space-y-5">
      <p className="money text-base font-semibold">{cancelSheetTexts.yearly(data.yearly_cost)}</p>
      {current && <CancellationStatus cancellation={current} />}
      {current?.status === 'FAILED' && !isRetrying && (
        <Button variant="outline" className="w-full" onClick={() => setRetrying(true)}>
          {cancelSheetTexts.again}
        </Button>
      )}
      {(!isOpenOrDone || current.status === 'REQUESTED') && <Guide options={data} />}
      {showsWays && (current?.way !== 'call' || current.status === 'FAILED') && (
        <CancelWays options={data} />
      )}
    </div>
  );
}

export function CancelSheet({
  subscription,
  open,
  onOpenChange,
}: {
  subscription: Pick<Subscription, 'id' | 'merchant_name'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="space-y-4">
        <div className="flex items-center gap-3">
          <Ban aria-hidden="true" className="size-5 text-destructive" />
          <DialogTitle>{cancelSheetTexts.title(subscription.merchant_name)}</DialogTitle>
        </div>
        <DialogDescription className="sr-only">
          {cancelSheetTexts.how(subscription.merchant_name)}
        </DialogDescription>
        {open && <SheetBody subscriptionId={subscription.id} />}
      </DialogContent>
    </Dialog>
  );
}
