/**
 * One linked account up close (docs/profile.md, "Linked accounts"): what it is, whether Billow can
 * read it, whether payments come from it — and what can be done with it. 'Make Primary Payment
 * Account' shows only where the rules allow it (docs/profile.md, "Linked accounts"); 'Remove
 * Account' leads to a confirmation.
 */
import { useState, type ReactNode } from 'react';
import { Star, Trash2 } from 'lucide-react';
import { profileMessages, type LinkedAccount } from '@billow/contracts';
import { BankLogo } from '@/components/bank-logo';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useSetPrimaryPaymentAccount } from '../api/use-linked-account-mutations';
import { canMakePrimary, describeAccountKind, describeSubtype } from '../linked-account-rules';
import { AccountStatusBadge, PrimaryBadge } from './linked-account-badges';

export function AccountDetailsDialog({
  account,
  onOpenChange,
  onRemove,
}: {
  /** The account shown; the dialog is closed without one. */
  account: LinkedAccount | undefined;
  onOpenChange(open: boolean): void;
  onRemove(account: LinkedAccount): void;
}) {
  return (
    <Dialog open={account !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed, so an error from one account never shows on another. */}
        {account && <AccountDetails key={account.id} account={account} onRemove={onRemove} />}
      </DialogContent>
    </Dialog>
  );
}

function AccountDetails({
  account,
  onRemove,
}: {
  account: LinkedAccount;
  onRemove(account: LinkedAccount): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const setPrimary = useSetPrimaryPaymentAccount();
  const name = `${account.bankName} •••• ${account.lastFour}`;

  function makePrimary() {
    setError(null);
    setPrimary.mutate(account.id, {
      onSuccess: () => toast.success(`${name} is now your primary payment account`),
      onError: () => setError(profileMessages.setPrimaryFailed),
    });
  }

  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Bank', value: account.bankName },
    { label: 'Type', value: describeAccountKind(account) },
    {
      label: 'Account number',
      value: (
        <>
          <span className="money" aria-hidden="true">
            •••• {account.lastFour}
          </span>
          <span className="sr-only">ending in {account.lastFour}</span>
        </>
      ),
    },
    { label: 'Status', value: <AccountStatusBadge isActive={account.active} /> },
    {
      label: 'Primary payment account',
      value: account.is_primary_payment_account ? <PrimaryBadge /> : 'No',
    },
  ];

  return (
    <>
      <div className="flex items-center gap-4 pr-8">
        <BankLogo
          name={account.bankName}
          website={account.bankWebsiteUrl}
          className="size-14"
          isDecorative
        />
        <div className="min-w-0">
          <DialogTitle className="truncate pr-0">{account.bankName}</DialogTitle>
          <DialogDescription className="mt-0.5">
            {describeSubtype(account)} ending in {account.lastFour}
          </DialogDescription>
        </div>
      </div>
      <dl className="mt-6 divide-y rounded-2xl border text-sm">
        {rows.map(({ label, value }) => (
          <div key={label} className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {!account.active && (
        <p className="mt-4 rounded-2xl bg-warning/10 p-3 text-sm">
          Billow can’t read this account right now. Link it again to keep finding your bills.
        </p>
      )}
      {account.is_primary_payment_account && (
        <p className="mt-4 text-sm text-muted-foreground">
          Payments you make through Billow come from this account.
        </p>
      )}
      <FieldError message={error} className="mt-4" />
      <div className="mt-6 flex flex-col gap-3">
        {canMakePrimary(account) && (
          // Off after success too: the reloaded profile, which hides this button, may land a
          // moment after the answer, and a second click must not make it primary twice.
          <Button onClick={makePrimary} disabled={setPrimary.isPending || setPrimary.isSuccess}>
            <Star aria-hidden="true" />
            <PendingLabel isPending={setPrimary.isPending} pendingText="Saving…">
              Make Primary Payment Account
            </PendingLabel>
          </Button>
        )}
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive/10"
          onClick={() => onRemove(account)}
          disabled={setPrimary.isPending}
        >
          <Trash2 aria-hidden="true" />
          Remove Account
        </Button>
      </div>
    </>
  );
}
