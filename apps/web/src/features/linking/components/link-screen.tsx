/**
 * /link (docs/linking.md, "/link"): why and how to connect a bank, the button that opens Link, the
 * two help dialogs, and — after a link from onboarding — the loading screen. Reached from the
 * profile it offers the way back.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { dashboardTo, type DashboardSection } from '@/lib/dashboard-section';
import type { LinkFrom } from '@/lib/navigation-state';
import { LINKING_PROVIDER_NAME } from '@billow/contracts';
import { linkingTexts } from '../linking-messages';
import { LinkHelpDialogs } from './link-help-dialogs';
import { LinkLogoPair } from './link-logo-pair';
import { SimplefinConnect } from './simplefin-connect';
import { SubscriptionsLoadingScreen } from './subscriptions-loading-screen';
import { sectionAfterLinking, useLinkScreen } from './use-link-screen';

const profileState: DashboardSection = { section: 'profile' };

/**
 * Where 'Skip for now' is meant to lead (docs/linking.md, "/link"); the link itself is hidden for
 * now.
 */
function skipState(from: LinkFrom | undefined): DashboardSection | undefined {
  if (from === 'profile') return profileState;
  if (from === 'negotiation') return { section: 'negotiations' };
  return undefined;
}

export function LinkScreen({
  from,
  hasLinkedAccounts,
}: {
  from: LinkFrom | undefined;
  /** Whether the person has accounts linked already: then the rest of their bills are asked for. */
  hasLinkedAccounts: boolean;
}) {
  const navigate = useNavigate();
  const link = useLinkScreen(from);
  const [isSimplefinConnected, setSimplefinConnected] = useState(false);

  if (link.isLinked || isSimplefinConnected) return <SubscriptionsLoadingScreen />;

  function onSimplefinConnected() {
    // As after a Plaid link: back where linking was asked for, else on to the loading screen.
    if (from)
      void navigate(dashboardTo(sectionAfterLinking[from]), {
        state: sectionAfterLinking[from],
        replace: true,
      });
    else setSimplefinConnected(true);
  }

  return (
    <div className="flex flex-1 flex-col">
      {from === 'profile' && (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 self-start"
          onClick={() => void navigate(dashboardTo(profileState), { state: profileState })}
        >
          <ArrowLeft aria-hidden="true" />
          {linkingTexts.backToProfile}
        </Button>
      )}
      <div className="flex flex-1 flex-col items-center justify-center gap-8 py-8 text-center">
        <LinkLogoPair />
        <div className="space-y-3">
          <h1 className="text-2xl font-bold tracking-tight text-balance">
            {hasLinkedAccounts ? linkingTexts.linkHeading : linkingTexts.firstLinkHeading}{' '}
            <span className="text-primary">{LINKING_PROVIDER_NAME}</span>
          </h1>
          <p className="text-muted-foreground">
            Link the checking accounts and cards you pay your bills with. Billow finds your
            subscriptions in about a minute.
          </p>
        </div>
        <p className="inline-flex items-center gap-2 rounded-full bg-muted px-3 py-1.5 text-xs font-medium text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          AES-256 encryption · you choose what to share
        </p>
      </div>
      <div className="space-y-4 pb-2">
        <FieldError message={link.error} className="justify-center text-center" />
        <Button size="lg" className="w-full" onClick={link.start} disabled={link.isConnecting}>
          <PendingLabel isPending={link.isConnecting} pendingText={linkingTexts.connecting}>
            {linkingTexts.linkButton}
          </PendingLabel>
        </Button>
        <LinkHelpDialogs />
        <SimplefinConnect onConnected={onSimplefinConnected} />
        <Link
          to="/"
          state={skipState(from)}
          hidden
          className="block text-center text-sm text-muted-foreground underline"
        >
          {linkingTexts.skip}
        </Link>
      </div>
      {link.linkElement}
    </div>
  );
}
