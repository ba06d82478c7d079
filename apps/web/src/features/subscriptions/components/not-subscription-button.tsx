/**
 * 'Not a subscription?' and its confirmation (docs/subscriptions.md, "Not a subscription"). There
 * is no way back on the server, so the success toast offers no Undo: it says what happened and
 * nothing more.
 */
import { useState } from 'react';
import { subscriptionMessages, type Subscription } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { toast } from '@/components/ui/toaster';
import { useMarkNotSubscription } from '../api/use-mark-not-subscription';

const notSubscriptionTexts = {
  button: 'Not a subscription?',
  title: 'Mark as not a subscription',
  question: 'Remove the service from your list of bills?',
  confirm: 'Confirm',
  removed: (merchant: string) => `${merchant} was removed from your bills`,
} as const;

export function NotSubscriptionButton({
  subscription,
}: {
  subscription: Pick<Subscription, 'id' | 'merchant_name'>;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const mark = useMarkNotSubscription();

  async function confirm() {
    try {
      // mutateAsync rather than mutate's callbacks: this button leaves the screen with the
      // service, and the toast must still be raised.
      await mark.mutateAsync(subscription);
    } catch {
      return; // The dialog stays open with the failure message, ready for another try.
    }
    setIsConfirming(false);
    toast.success(notSubscriptionTexts.removed(subscription.merchant_name));
  }

  return (
    <>
      <Button
        variant="ghost"
        className="text-muted-foreground"
        onClick={() => {
          mark.reset();
          setIsConfirming(true);
        }}
      >
        {notSubscriptionTexts.button}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => !mark.isPending && setIsConfirming(open)}
        title={notSubscriptionTexts.title}
        description={notSubscriptionTexts.question}
        confirmLabel={notSubscriptionTexts.confirm}
        isDestructive
        isPending={mark.isPending}
        onConfirm={() => void confirm()}
      >
        <p className="mt-3 text-sm text-muted-foreground">
          Billow will stop listing {subscription.merchant_name}, even after your next bank sync.
        </p>
        {mark.isError && (
          <FieldError className="mt-4" message={subscriptionMessages.markNotSubscriptionFailed} />
        )}
      </ConfirmDialog>
    </>
  );
}
