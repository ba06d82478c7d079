/**
 * Asking the server for a link token (docs/linking.md, "/link"). An answer without a token
 * is a refusal, shown in the server's own words (`error`, else 'Failed to get link token') and
 * not retried; a failed request is 'An unexpected error occurred'. A token is stored the moment
 * it arrives.
 */
import { queryOptions } from '@tanstack/react-query';
import { bankingRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';
import { storeLinkSession, type LinkSession } from '../link-session';
import { linkingMessages } from '@billow/contracts';

/** A session to open Link with, or the server's reason for not giving one. */
type LinkTokenAnswer = { session: LinkSession } | { refusal: string };

async function requestLinkToken(signal?: AbortSignal): Promise<LinkTokenAnswer> {
  const { linkToken, linkProvider, error } = await api(
    bankingRoutes.link,
    undefined,
    signal ? { signal } : {},
  );
  if (!linkToken) return { refusal: error || linkingMessages.tokenMissing };
  const session = { linkToken, linkProvider };
  storeLinkSession(session);
  return { session };
}

export const linkingKeys = {
  /** Every query of this feature: per-visit state, never reloaded by "the data changed". */
  all: queryDomains.linking,
  linkToken: () => [...linkingKeys.all, 'link-token'] as const,
  transactionLoadStatus: () => [...linkingKeys.all, 'transaction-load-status'] as const,
};

/**
 * A fresh token for every visit to /link: nothing is kept once the screen is gone (gcTime 0),
 * and a token is never refetched behind the person's back while they use it (staleTime ∞).
 */
export function linkTokenQuery() {
  return queryOptions({
    queryKey: linkingKeys.linkToken(),
    queryFn: ({ signal }) => requestLinkToken(signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}
