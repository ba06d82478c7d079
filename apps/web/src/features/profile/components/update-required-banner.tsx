import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import type { LinkedAccount } from '@billow/contracts';
import type { LinkFrom, LinkState } from '@/lib/navigation-state';
import { isAttentionAtSimplefinOnly } from '../linked-account-rules';

const SIMPLEFIN_BRIDGE_URL = 'https://bridge.simplefin.org/';

/**
 * Shown when the bank connection needs the person again (the provider's update mode): until
 * they reconnect, Billow cannot see new transactions. Amber, because it needs their input.
 * On the profile and on the dashboard; linking returns to where it was opened.
 */
export function UpdateRequiredBanner({
  from,
  accounts = [],
}: {
  from?: LinkFrom;
  /** The linked accounts: when only SimpleFIN ones need attention, the fix is at the Bridge. */
  accounts?: Pick<LinkedAccount, 'active' | 'source'>[];
}) {
  if (isAttentionAtSimplefinOnly(accounts)) return <SimplefinAttentionBanner />;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="size-6 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex-1 space-y-1">
        <p className="font-semibold">Account Update Required</p>
        <p className="text-sm text-muted-foreground">
          Your bank needs you to reconnect so Billow can keep finding your bills.
        </p>
      </div>
      <Link
        to="/link"
        state={from ? ({ from } satisfies LinkState) : undefined}
        className={buttonVariants({ size: 'sm' })}
      >
        Update account
      </Link>
    </div>
  );
}

/** The same banner for a SimpleFIN Bridge connection: its bank is reconnected at the Bridge. */
function SimplefinAttentionBanner() {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="size-6 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex-1 space-y-1">
        <p className="font-semibold">Account Update Required</p>
        <p className="text-sm text-muted-foreground">
          SimpleFIN Bridge says a bank connection needs you. Open your SimpleFIN Bridge account to
          fix it; Billow picks up new transactions at its next daily sync. Your linked accounts show
          what the Bridge said.
        </p>
      </div>
      <a
        href={SIMPLEFIN_BRIDGE_URL}
        target="_blank"
        rel="noreferrer"
        className={buttonVariants({ size: 'sm' })}
      >
        Open SimpleFIN Bridge
      </a>
    </div>
  );
}
