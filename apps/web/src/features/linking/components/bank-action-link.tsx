/**
 * Opens the person's bank's Link in update mode for something the bank needs before a payment
 * (docs/payments.md): `requestToken` asks the server for the link token (the payment knows what
 * for), Link opens on it, and `onDone` runs once Link succeeded so the payment can be tried again.
 */
import { useEffect, useRef, useState } from 'react';
import type { LinkProvider } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { useBankLink } from '../link/use-bank-link';

const bankActionTexts = {
  continue: 'Continue with your bank',
  opening: 'Opening your bank…',
  failed: 'Your bank could not be opened. Please try again.',
} as const;

type BankActionLinkProps = {
  requestToken(): Promise<{ linkToken: string; linkProvider: LinkProvider }>;
  onDone(): void;
};

export function BankActionLink({ requestToken, onDone }: BankActionLinkProps) {
  const [session, setSession] = useState<{ linkToken: string; linkProvider: LinkProvider }>();
  const [isRequesting, setRequesting] = useState(false);
  // Set when a token was asked for: Link opens as soon as it is ready on it.
  const isOpenWanted = useRef(false);
  const [error, setError] = useState<string>();
  const link = useBankLink({
    linkToken: session?.linkToken,
    linkProvider: session?.linkProvider,
    onSuccess: () => {
      setSession(undefined);
      onDone();
    },
    onExit: () => setSession(undefined),
  });
  const { ready, open } = link;
  useEffect(() => {
    if (!isOpenWanted.current || !ready) return;
    isOpenWanted.current = false;
    open();
  }, [ready, open]);

  async function start() {
    setError(undefined);
    setRequesting(true);
    try {
      const asked = await requestToken();
      isOpenWanted.current = true;
      setSession(asked);
    } catch {
      setError(bankActionTexts.failed);
    } finally {
      setRequesting(false);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        className="w-full"
        onClick={() => void start()}
        disabled={isRequesting}
      >
        {isRequesting ? bankActionTexts.opening : bankActionTexts.continue}
      </Button>
      {(error || link.isUnavailable) && (
        <p role="alert" className="text-sm text-destructive">
          {error ?? bankActionTexts.failed}
        </p>
      )}
      {link.element}
    </>
  );
}
