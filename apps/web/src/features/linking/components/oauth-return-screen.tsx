/**
 * /plaid-oauth (docs/linking.md, "Returning from a bank"): the bank sends the person back here
 * after its own sign-in. Link reopens with the stored token and this page's address, finishes, and
 * the public token goes to the server like on /link. Without a stored token there is nothing to
 * resume, so the person is sent back to /link to start again. Every way out replaces this page in
 * the history: it is a stop on the way back from the bank, not a place to return to.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { REDIRECT_SUCCESS_DELAY_MS } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { track } from '@/lib/analytics';
import { describeLinkResultError, useLinkResult } from '../api/link-result';
import { clearLinkSession, readLinkSession } from '../link-session';
import { linkingMessages } from '@billow/contracts';
import { linkingTexts } from '../linking-messages';
import { useBankLink } from '../link/use-bank-link';

/**
 * docs/linking.md, "Returning from a bank": with no stored token, the message shows and /link
 * follows after 2 s.
 */
const NO_SESSION_REDIRECT_MS = 2000;

type Phase =
  | { name: 'connecting' }
  | { name: 'saving' }
  | { name: 'success' }
  /** `publicToken` is kept when Link finished but the server did not take the token yet. */
  | { name: 'failed'; message: string; publicToken?: string };

/** How long Link may take to get ready before the screen says the connection failed. */
export const LINK_READY_TIMEOUT_MS = 20_000;

export function OauthReturnScreen() {
  const navigate = useNavigate();
  const [session] = useState(readLinkSession);
  const [receivedRedirectUri] = useState(() => window.location.href);
  const [phase, setPhase] = useState<Phase>({ name: 'connecting' });
  const linkResult = useLinkResult();

  function save(publicToken: string) {
    setPhase({ name: 'saving' });
    linkResult.mutate(publicToken, {
      onSuccess: () => setPhase({ name: 'success' }),
      onError: (failure) =>
        setPhase({ name: 'failed', message: describeLinkResultError(failure), publicToken }),
    });
  }

  const bankLink = useBankLink({
    linkToken: session?.linkToken,
    linkProvider: session?.linkProvider,
    receivedRedirectUri,
    onSuccess: (publicToken) => {
      clearLinkSession();
      track('bank_linking_completed');
      save(publicToken);
    },
    onExit: (error) => {
      if (error) setPhase({ name: 'failed', message: linkingMessages.cancelledOrFailed });
      else void navigate('/link', { replace: true });
    },
  });

  const { ready, open } = bankLink;
  // A Link that never gets ready (the bank's script blocked, say by the CSP, or offline) must
  // not spin forever on 'Preparing your connection...': give up into the error state.
  useEffect(() => {
    if (ready || phase.name !== 'connecting') return;
    const timer = setTimeout(
      () => setPhase({ name: 'failed', message: linkingMessages.cancelledOrFailed }),
      LINK_READY_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [ready, phase.name]);

  // Reopen Link once, as soon as it is ready.
  const hasOpened = useRef(false);
  useEffect(() => {
    if (!ready || hasOpened.current) return;
    hasOpened.current = true;
    open();
  }, [ready, open]);

  useEffect(() => {
    if (session) return;
    const id = setTimeout(() => void navigate('/link', { replace: true }), NO_SESSION_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [session, navigate]);

  // Home once stored and Link's success pane is left.
  const isLinkOpen = bankLink.isOpen;
  useEffect(() => {
    if (phase.name !== 'success' || isLinkOpen) return;
    const id = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_SUCCESS_DELAY_MS);
    return () => clearTimeout(id);
  }, [phase.name, isLinkOpen, navigate]);

  function tryAgain() {
    if (phase.name === 'failed' && phase.publicToken) return save(phase.publicToken);
    setPhase({ name: 'connecting' });
    open();
  }

  function goBack() {
    clearLinkSession();
    void navigate('/link', { replace: true });
  }

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{linkingTexts.oauthTitle}</h1>
      <div aria-live="polite" className="flex w-full flex-col items-center gap-4">
        {!session ? (
          <p role="alert" className="text-muted-foreground">
            {linkingMessages.noSession}
          </p>
        ) : phase.name === 'success' ? (
          <>
            <CircleCheck className="size-14 text-success" aria-hidden="true" />
            <p className="text-lg font-semibold">{linkingTexts.connected}</p>
            <p className="text-muted-foreground">{linkingTexts.redirecting}</p>
          </>
        ) : phase.name === 'failed' ? (
          <>
            <CircleX className="size-14 text-destructive" aria-hidden="true" />
            <p className="text-lg font-semibold">{linkingTexts.connectionFailed}</p>
            <p role="alert" className="text-muted-foreground">
              {phase.message}
            </p>
            <div className="flex w-full flex-col gap-3 pt-2">
              <Button size="lg" onClick={tryAgain}>
                {linkingTexts.tryAgain}
              </Button>
              <Button size="lg" variant="outline" onClick={goBack}>
                {linkingTexts.goBack}
              </Button>
            </div>
          </>
        ) : (
          <div role="status" className="flex flex-col items-center gap-4">
            <LoaderCircle
              className="size-10 text-primary motion-safe:animate-spin"
              aria-hidden="true"
            />
            <p className="text-muted-foreground">
              {phase.name === 'saving'
                ? 'Saving your connection...'
                : ready
                  ? linkingTexts.opening
                  : linkingTexts.preparing}
            </p>
          </div>
        )}
      </div>
      {bankLink.element}
    </div>
  );
}
