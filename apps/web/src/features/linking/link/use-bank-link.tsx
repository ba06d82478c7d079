/**
 * One way to run bank linking, whichever Link the server chose (`linkProvider` from
 * `bankingRoutes.link`): Plaid Link, or Billow's sandbox bank dialog, which behaves like it.
 * Screens call `open()` once `ready`, hear back through `onSuccess` / `onExit` with Plaid's
 * shapes, and render `element` somewhere on the page — it holds the sandbox dialog, or the
 * bridge that drives Plaid's own iframe.
 *
 * The callbacks may change on every render; Link always calls the latest ones.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SandboxLinkDialog } from '../components/sandbox-link/sandbox-link-dialog';
import type { LinkProvider } from '@billow/contracts';
import type { BankLinkExitError, BankLinkSuccessMetadata } from './bank-link-types';
import type { PlaidLinkHandle } from './plaid-link-bridge';

const PlaidLinkBridge = lazy(() =>
  import('./plaid-link-bridge').then((module) => ({ default: module.PlaidLinkBridge })),
);

export type UseBankLinkOptions = {
  /** Null while the token is still on its way. */
  linkToken: string | null | undefined;
  linkProvider: LinkProvider | null | undefined;
  /** The page address after a bank's OAuth redirect, to pick Link up where it left off. */
  receivedRedirectUri?: string | undefined;
  onSuccess(publicToken: string, metadata: BankLinkSuccessMetadata): void;
  /** `null` when the person closed Link; Plaid's error when Link ended with one. */
  onExit(error: BankLinkExitError | null): void;
};

type BankLink = {
  open(): void;
  ready: boolean;
  /** Link is on screen (the sandbox dialog may still show its success pane after onSuccess). */
  isOpen: boolean;
  /** Render it once, anywhere on the screen. */
  element: ReactNode;
  /** Link cannot open for this token (Plaid's script failed to load). */
  isUnavailable: boolean;
};

export function useBankLink({
  linkToken,
  linkProvider,
  receivedRedirectUri,
  onSuccess,
  onExit,
}: UseBankLinkOptions): BankLink {
  const callbacks = useRef({ onSuccess, onExit });
  useEffect(() => {
    callbacks.current = { onSuccess, onExit };
  });

  const [isSandboxOpen, setSandboxOpen] = useState(false);
  // Which token's Plaid Link is ready, so a new token is never "ready" on the old one's word.
  const [plaidReadyToken, setPlaidReadyToken] = useState<string | null>(null);
  const reportPlaidReady = useCallback((token: string, isReady: boolean) => {
    setPlaidReadyToken((current) => (isReady ? token : current === token ? null : current));
  }, []);
  const [plaidFailedToken, setPlaidFailedToken] = useState<string | null>(null);
  const plaid = useRef<PlaidLinkHandle>(null);

  const handleSuccess = useCallback((publicToken: string, metadata: BankLinkSuccessMetadata) => {
    setSandboxOpen(false);
    callbacks.current.onSuccess(publicToken, metadata);
  }, []);
  // The sandbox dialog reports success while its success pane still shows; it closes itself.
  const handleSandboxSuccess = useCallback(
    (publicToken: string, metadata: BankLinkSuccessMetadata) =>
      callbacks.current.onSuccess(publicToken, metadata),
    [],
  );
  const closeSandbox = useCallback(() => setSandboxOpen(false), []);
  const handleExit = useCallback((error: BankLinkExitError | null) => {
    setSandboxOpen(false);
    callbacks.current.onExit(error);
  }, []);

  const isSandbox = linkProvider === 'sandbox' && Boolean(linkToken);
  const isPlaid = linkProvider === 'plaid' && Boolean(linkToken);

  const open = useCallback(() => {
    if (isSandbox) setSandboxOpen(true);
    else if (isPlaid) plaid.current?.open();
  }, [isSandbox, isPlaid]);

  let element: ReactNode = null;
  if (isSandbox && linkToken) {
    element = (
      <SandboxLinkDialog
        open={isSandboxOpen}
        linkToken={linkToken}
        receivedRedirectUri={receivedRedirectUri}
        onSuccess={handleSandboxSuccess}
        onClose={closeSandbox}
        onExit={handleExit}
      />
    );
  } else if (isPlaid && linkToken) {
    element = (
      <Suspense fallback={null}>
        <PlaidLinkBridge
          // A new token is a new Link session: start the bridge afresh.
          key={linkToken}
          token={linkToken}
          receivedRedirectUri={receivedRedirectUri}
          onSuccess={handleSuccess}
          onExit={handleExit}
          onReadyChange={reportPlaidReady}
          onLoadError={setPlaidFailedToken}
          handle={plaid}
        />
      </Suspense>
    );
  }

  return {
    open,
    ready: isSandbox || (isPlaid && plaidReadyToken === linkToken),
    isOpen: isSandbox && isSandboxOpen,
    element,
    isUnavailable: isPlaid && plaidFailedToken === linkToken,
  };
}
