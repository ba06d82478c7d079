/**
 * Plaid Link through `react-plaid-link`. It is its own lazily loaded chunk, so a sandbox
 * deployment never downloads it nor loads Plaid's script. It renders nothing: Plaid draws its
 * own iframe; the bridge hands `open` up through `handle` and reports when Link is ready.
 * On an OAuth return the same token is reused with `receivedRedirectUri`
 * (https://plaid.com/docs/link/oauth/#reinitializing-link).
 */
import { useEffect, useImperativeHandle, type Ref } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import type { BankLinkExitError, BankLinkSuccessMetadata } from './bank-link-types';

export type PlaidLinkHandle = { open(): void };

export function PlaidLinkBridge({
  token,
  receivedRedirectUri,
  onSuccess,
  onExit,
  onReadyChange,
  onLoadError,
  handle,
}: {
  token: string;
  receivedRedirectUri?: string | undefined;
  onSuccess(publicToken: string, metadata: BankLinkSuccessMetadata): void;
  onExit(error: BankLinkExitError | null): void;
  onReadyChange(token: string, isReady: boolean): void;
  /** Plaid's script could not be loaded (offline, blocked): Link cannot open with this token. */
  onLoadError(token: string): void;
  handle: Ref<PlaidLinkHandle>;
}) {
  const { open, ready, error } = usePlaidLink({
    token,
    ...(receivedRedirectUri ? { receivedRedirectUri } : {}),
    onSuccess: (publicToken, metadata) => {
      // Plaid types allow a null token; without one there is nothing to link.
      if (!publicToken) {
        onExit({ error_code: 'MISSING_PUBLIC_TOKEN', error_message: 'Link returned no token' });
        return;
      }
      onSuccess(publicToken, {
        institution: metadata.institution,
        accounts: metadata.accounts.map(({ id, name, mask, type, subtype }) => ({
          id,
          name,
          mask,
          type,
          subtype,
        })),
      });
    },
    onExit: (error) => onExit(error),
  });

  useImperativeHandle(handle, () => ({ open }), [open]);
  useEffect(() => onReadyChange(token, ready), [token, ready, onReadyChange]);
  useEffect(() => {
    if (error) onLoadError(token);
  }, [error, token, onLoadError]);
  return null;
}
