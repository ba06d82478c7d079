/**
 * What /link does (docs/linking.md, "/link"): fetch a link token on arrival (stored as it
 * comes), open Link on request, hand Link's public token to the server, then send the person
 * back where they came from — the negotiation, the profile — or on to the loading screen.
 * On exit the stored token goes, unless Link said it was invalid (INVALID_LINK_TOKEN); an exit
 * with an error says linking was cancelled or failed.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { INVALID_LINK_TOKEN } from '@billow/contracts';
import { track } from '@/lib/analytics';
import { dashboardTo, type DashboardSection } from '@/lib/dashboard-section';
import type { LinkFrom } from '@/lib/navigation-state';
import { describeLinkResultError, useLinkResult } from '../api/link-result';
import { linkTokenQuery } from '../api/link-token';
import { clearLinkSession, storeLinkSession } from '../link-session';
import { linkingMessages } from '@billow/contracts';
import { useBankLink } from '../link/use-bank-link';

export const sectionAfterLinking: Record<LinkFrom, DashboardSection> = {
  negotiation: { section: 'negotiations' },
  profile: { section: 'profile' },
};

export function useLinkScreen(from: LinkFrom | undefined) {
  const navigate = useNavigate();
  const token = useQuery(linkTokenQuery());
  const linkResult = useLinkResult();
  // A token Link refused stays stored (docs/linking.md, "/link") but is never opened again: the
  // next try fetches anew.
  const [refusedToken, setRefusedToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLinked, setLinked] = useState(false);
  const fetched = token.data && 'session' in token.data ? token.data.session : null;
  const session = fetched && fetched.linkToken !== refusedToken ? fetched : null;

  const bankLink = useBankLink({
    linkToken: session?.linkToken,
    linkProvider: session?.linkProvider,
    onSuccess: (publicToken) => {
      track('bank_linking_completed');
      // The token is spent: an OAuth return must not find it and try to reuse it.
      clearLinkSession();
      linkResult.mutate(publicToken, {
        onSuccess: () => setLinked(true),
        onError: (failure) => setError(describeLinkResultError(failure)),
      });
    },
    onExit: (exitError) => {
      if (exitError?.error_code === INVALID_LINK_TOKEN) setRefusedToken(session?.linkToken ?? null);
      else clearLinkSession();
      if (exitError) setError(linkingMessages.cancelledOrFailed);
    },
  });

  // Stored, and Link's success pane left: back to where linking was asked for, if anywhere.
  const isLinkOpen = bankLink.isOpen;
  useEffect(() => {
    if (!isLinked || isLinkOpen || !from) return;
    // Replaced: Back from the dashboard should not land on a finished link screen.
    void navigate(dashboardTo(sectionAfterLinking[from]), {
      state: sectionAfterLinking[from],
      replace: true,
    });
  }, [isLinked, isLinkOpen, from, navigate]);

  // A press that came before Link was ready opens it as soon as it is.
  const isOpenRequested = useRef(false);
  const { ready, open } = bankLink;
  useEffect(() => {
    if (!isOpenRequested.current || !ready || !session) return;
    isOpenRequested.current = false;
    storeLinkSession(session);
    open();
  }, [ready, open, session]);

  function start() {
    setError(null);
    track('bank_linking_started');
    if (session && ready) {
      // Stored again: an earlier exit removed it, and an OAuth bank will need it on return.
      storeLinkSession(session);
      open();
      return;
    }
    isOpenRequested.current = true;
    if (!session && !token.isFetching) void token.refetch();
  }

  let tokenError: string | null = null;
  if (token.isError) tokenError = linkingMessages.tokenUnexpected;
  else if (token.data && 'refusal' in token.data) tokenError = token.data.refusal;
  return {
    start,
    isConnecting:
      token.isFetching ||
      (session !== null && !ready && !bankLink.isUnavailable) ||
      linkResult.isPending,
    // On to the loading screen once Link's success pane is left; when linking was asked for
    // elsewhere, back there instead (above).
    isLinked: isLinked && !from && !isLinkOpen,
    // While a new token is on its way, the old reason it failed no longer applies.
    error:
      error ??
      (token.isFetching ? null : tokenError) ??
      (bankLink.isUnavailable ? linkingMessages.tokenUnexpected : null),
    linkElement: bankLink.element,
  };
}
