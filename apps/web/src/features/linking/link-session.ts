/**
 * The link session kept in local storage across a bank's OAuth redirect (docs/linking.md, "/link":
 * the link token under `plaid_link_token`). The page unloads on the way to the bank, so
 * /plaid-oauth must find the same token to reopen Link — and, since Billow can run either Plaid
 * Link or its sandbox bank's dialog, which of the two to reopen (`billow_link_provider`).
 */
import { LINK_TOKEN_STORAGE_KEY } from '@billow/contracts';
import type { LinkProvider } from '@billow/contracts';

const LINK_PROVIDER_STORAGE_KEY = 'billow_link_provider';

export type LinkSession = { linkToken: string; linkProvider: LinkProvider };

export function storeLinkSession(session: LinkSession): void {
  try {
    localStorage.setItem(LINK_TOKEN_STORAGE_KEY, session.linkToken);
    localStorage.setItem(LINK_PROVIDER_STORAGE_KEY, session.linkProvider);
  } catch {
    // Storage can be full or blocked; linking still works, only an OAuth return would not.
  }
}

/**
 * The stored session, or null when there is no token. A token without a provider (stored
 * before the provider was) reopens Plaid Link, the provider the linking screens name.
 */
export function readLinkSession(): LinkSession | null {
  try {
    const linkToken = localStorage.getItem(LINK_TOKEN_STORAGE_KEY);
    if (!linkToken) return null;
    const provider = localStorage.getItem(LINK_PROVIDER_STORAGE_KEY);
    return { linkToken, linkProvider: provider === 'sandbox' ? 'sandbox' : 'plaid' };
  } catch {
    return null;
  }
}

export function clearLinkSession(): void {
  try {
    localStorage.removeItem(LINK_TOKEN_STORAGE_KEY);
    localStorage.removeItem(LINK_PROVIDER_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach, so nothing to clear.
  }
}
