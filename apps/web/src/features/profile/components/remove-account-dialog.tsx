/**
 * The remove-account confirmation (docs/profile.md, "Linked accounts"): says what removing stops,
 * asks before doing it, and stays open with its error message if it fails.
 */
import { useState } from 'react';
import { profileMessages, type LinkedAccount } from '@billow/contracts';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { toast } from '@/components/ui/toaster';
import { useRemoveLinkedAccount } from '../api/use-linked-account-mutations';

export function RemoveAccountDialog({
  account,
  onOpenChange,
}: {
  /** The account to remove; the dialog is closed without one. */
  account: LinkedAccount | undefined;
  onOpenChange(open: boolean): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveLinkedAccount();
  const name = account ? `${account.bankName} •••• ${account.lastFour}` : '';

  function confirm() {
    if (!account || remove.isPending) return;
    setError(null);
    remove.mutate(account.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success(`${name} was removed`);
      },
      onError: () => setError(profileMessages.removeAccountFailed),
    });
  }

  return (
    <ConfirmDialog
      open={account !== undefined}
      onOpenChange={(open) => {
        if (remove.isPending) return;
        if (!open) setError(null);
        onOpenChange(open);
      }}
      title="Remove this account?"
      description={
        <>
          Billow will stop reading {name}. Bills and subscriptions found only in this account will
          stop updating. You can link it again at any time.
          {account?.is_primary_payment_account &&
            ' It is your primary payment account, so choose another one afterwards.'}
        </>
      }
      confirmLabel={remove.isPending ? 'Removing…' : 'Remove Account'}
      isDestructive
      isPending={remove.isPending}
      onConfirm={confirm}
    >
      <FieldError message={error} className="mt-4" />
    </ConfirmDialog>
  );
}
