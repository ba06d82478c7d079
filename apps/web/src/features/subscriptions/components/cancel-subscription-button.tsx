/**
 * "Cancel subscription" on a subscription, with where its cancellation stands: the
 * button opens the cancel sheet; a cancellation already asked for shows as a badge beside it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { cancellationQueries } from '../api/cancellation-queries';
import { CancelSheet, cancelSheetTexts } from './cancel-sheet';
import { CancellationBadge } from './cancellation-status';

export function CancellationBadgeOf({ subscriptionId }: { subscriptionId: string }) {
  const list = useQuery(cancellationQueries.list());
  const latest = list.data?.find((c) => c.subscription_id === subscriptionId);
  return latest ? <CancellationBadge cancellation={latest} /> : null;
}

export function CancelSubscriptionButton({
  subscription,
  size = 'default',
}: {
  subscription: Pick<Subscription, 'id' | 'merchant_name' | 'status'>;
  size?: 'default' | 'sm';
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        // In a list of subscriptions the button says whose it is.
        aria-label={
          size === 'sm' ? `${cancelSheetTexts.button}: ${subscription.merchant_name}` : undefined
        }
        className="border-destructive/40 text-destructive hover:bg-destructive/10"
        onClick={() => setOpen(true)}
      >
        {cancelSheetTexts.button}
      </Button>
      <CancelSheet subscription={subscription} open={isOpen} onOpenChange={setOpen} />
    </>
  );
}
