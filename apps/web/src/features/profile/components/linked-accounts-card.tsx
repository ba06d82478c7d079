/**
 * The bank accounts Billow reads (docs/profile.md, "Linked accounts"), or the way to link the
 * first one. Each row opens the account's details, which lead on to making it primary or
 * removing it. The dialogs follow the account by id, so they show it as it is after a reload.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, FileUp, Landmark, Plus, TriangleAlert } from 'lucide-react';
import type { LinkedAccount } from '@billow/contracts';
import { BankLogo } from '@/components/bank-logo';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { LinkState } from '@/lib/navigation-state';
import { describeSource, describeSubtype } from '../linked-account-rules';
import { AccountDetailsDialog } from './account-details-dialog';
import { ImportTransactionsDialog } from './import-transactions-dialog';
import { AccountStatusBadge, PrimaryBadge } from './linked-account-badges';
import { RemoveAccountDialog } from './remove-account-dialog';

const linkState: LinkState = { from: 'profile' };

export function LinkedAccountsCard({ accounts }: { accounts: LinkedAccount[] }) {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const details = accounts.find((account) => account.id === detailsId);
  const removing = accounts.find((account) => account.id === removingId);

  return (
    <Card aria-labelledby="linked-accounts-title" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="linked-accounts-title">Linked Accounts</CardTitle>
        {accounts.length > 0 && (
          <Link
            to="/link"
            state={linkState}
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          >
            <Plus aria-hidden="true" />
            Add account
          </Link>
        )}
      </div>
      {accounts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed p-6 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted">
            <Landmark className="size-6 text-muted-foreground" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <p className="font-medium">No linked accounts yet</p>
            <p className="text-sm text-muted-foreground">
              Link a checking account or card and Billow will find your subscriptions.
            </p>
          </div>
          <Link to="/link" state={linkState} className={buttonVariants({ size: 'sm' })}>
            Link an account
          </Link>
        </div>
      ) : (
        <ul className="-mx-2 space-y-1">
          {accounts.map((account) => (
            <li key={account.id}>
              <AccountRow account={account} onOpen={() => setDetailsId(account.id)} />
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        size="sm"
        className="w-full"
        onClick={() => setIsImporting(true)}
        aria-haspopup="dialog"
      >
        <FileUp aria-hidden="true" />
        Import transactions
      </Button>
      <ImportTransactionsDialog open={isImporting} onOpenChange={setIsImporting} />
      <AccountDetailsDialog
        account={details}
        onOpenChange={(open) => !open && setDetailsId(null)}
        onRemove={(account) => {
          setDetailsId(null);
          setRemovingId(account.id);
        }}
      />
      <RemoveAccountDialog
        account={removing}
        onOpenChange={(open) => !open && setRemovingId(null)}
      />
    </Card>
  );
}

function AccountRow({ account, onOpen }: { account: LinkedAccount; onOpen(): void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="flex w-full items-center gap-3 rounded-2xl p-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <BankLogo
        name={account.bankName}
        website={account.bankWebsiteUrl}
        className={cn('size-10', !account.active && 'opacity-50 grayscale')}
        isDecorative
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{account.bankName}</span>
        <span className="block text-sm text-muted-foreground">
          {describeSubtype(account)}
          {/* An imported CSV has no account number. */}
          {account.lastFour && (
            <>
              {' '}
              <span className="money" aria-hidden="true">
                •••• {account.lastFour}
              </span>
              <span className="sr-only">ending in {account.lastFour}</span>
            </>
          )}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, from </span>
          {describeSource(account)}
        </span>
        {account.attention && (
          <span className="mt-1 flex gap-1.5 text-sm">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>{account.attention}</span>
          </span>
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        {account.is_primary_payment_account && <PrimaryBadge />}
        {!account.active && <AccountStatusBadge isActive={false} />}
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
