import { Link } from 'react-router';
import { Landmark, Plus } from 'lucide-react';
import type { LinkedAccount } from '@billow/contracts';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import type { LinkState } from '@/lib/navigation-state';

const linkState: LinkState = { from: 'profile' };

function describeType(account: LinkedAccount): string {
  const type = account.accountSubType ?? account.accountType;
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The bank accounts Billow reads, or the way to link the first one. */
export function LinkedAccountsCard({ accounts }: { accounts: LinkedAccount[] }) {
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
            Add
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
        <ul className="divide-y">
          {accounts.map((account) => (
            <li key={account.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground"
              >
                {account.bankName.charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{account.bankName}</p>
                <p className="text-sm text-muted-foreground">
                  {describeType(account)}{' '}
                  <span className="money" aria-hidden="true">
                    •••• {account.lastFour}
                  </span>
                  <span className="sr-only">ending in {account.lastFour}</span>
                  {!account.active && <span> · Inactive</span>}
                </p>
              </div>
              {account.is_primary_payment_account && (
                <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
                  Primary
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
