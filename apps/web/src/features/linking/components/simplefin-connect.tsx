/**
 * The second way in on /link: a SimpleFIN Bridge setup token pasted into a field.
 * Shown only when the server offers SimpleFIN; folded behind one button so the Plaid way stays
 * the obvious one. On success the parent moves on exactly as after a Plaid link.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, KeyRound } from 'lucide-react';
import { SIMPLEFIN_TOKEN_REQUIRED } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PendingLabel } from '@/components/ui/pending-label';
import { Textarea } from '@/components/ui/textarea';
import { track } from '@/lib/analytics';
import { bankSourcesQuery, describeSimplefinError, useSimplefinConnect } from '../api/simplefin';

const SIMPLEFIN_CREATE_TOKEN_URL = 'https://bridge.simplefin.org/simplefin/create';

export function SimplefinConnect({ onConnected }: { onConnected(): void }) {
  const sources = useQuery(bankSourcesQuery());
  const connect = useSimplefinConnect();
  const [isOpen, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!sources.data?.simplefin.enabled) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const setupToken = token.trim();
    if (!setupToken) {
      setError(SIMPLEFIN_TOKEN_REQUIRED);
      return;
    }
    track('bank_linking_started');
    connect.mutate(setupToken, {
      onSuccess: () => {
        track('bank_linking_completed');
        onConnected();
      },
      onError: (failure) => setError(describeSimplefinError(failure)),
    });
  }

  return (
    <section aria-labelledby="simplefin-title" className="rounded-[var(--radius-card)] border p-4">
      <Button
        type="button"
        variant="ghost"
        className="w-full justify-between"
        aria-expanded={isOpen}
        aria-controls="simplefin-panel"
        onClick={() => setOpen((open) => !open)}
      >
        <span id="simplefin-title" className="inline-flex items-center gap-2">
          <KeyRound aria-hidden="true" />
          Connect with SimpleFIN Bridge
        </span>
        <ChevronDown
          aria-hidden="true"
          className={isOpen ? 'rotate-180 transition-transform' : 'transition-transform'}
        />
      </Button>
      {isOpen && (
        <form
          id="simplefin-panel"
          className="mt-3 space-y-4 text-left"
          onSubmit={submit}
          noValidate
        >
          <div className="space-y-2 text-sm text-muted-foreground">
            <p>
              SimpleFIN Bridge is an independent service (about $15 a year) that connects to your
              bank and shares your balances and transactions read-only with the apps you choose. It
              is the simplest way to bring a real bank into a Billow you run yourself.
            </p>
            <p>
              In your SimpleFIN Bridge account,{' '}
              <a
                href={SIMPLEFIN_CREATE_TOKEN_URL}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline"
              >
                create a setup token
              </a>{' '}
              for Billow and paste it below. A token works once; Billow never sees your bank
              password.
            </p>
          </div>
          <Field id="simplefin-token" label="SimpleFIN setup token" error={error}>
            {(control) => (
              <Textarea
                {...control}
                name="setupToken"
                rows={3}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-xs break-all"
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={connect.isPending}>
            <PendingLabel isPending={connect.isPending} pendingText="Connecting…">
              Connect SimpleFIN Bridge
            </PendingLabel>
          </Button>
        </form>
      )}
    </section>
  );
}
