/**
 * Choosing which accounts Billow may read. Everything starts selected (most people want all
 * their bills found); at least one must stay selected to continue.
 */
import { useState } from 'react';
import type { SandboxInstitution } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { PendingLabel } from '@/components/ui/pending-label';
import type { SandboxAccountPreview } from '@billow/contracts';
import { InstitutionHeader } from './institution-header';
import { StepFrame } from './step-frame';
import type { StepError } from './use-sandbox-link-flow';

function describeAccount(account: SandboxAccountPreview): string {
  const subtype = account.subtype || account.type;
  return subtype.charAt(0).toUpperCase() + subtype.slice(1);
}

export function AccountsStep({
  institution,
  accounts,
  isPending,
  error,
  onBack,
  onContinue,
}: {
  institution: SandboxInstitution;
  accounts: SandboxAccountPreview[];
  isPending: boolean;
  error: StepError | null;
  onBack: (() => void) | undefined;
  onContinue(keys: string[]): void;
}) {
  const [chosen, setChosen] = useState(() => new Set(accounts.map((account) => account.key)));
  const hasChoice = chosen.size > 0;

  function toggle(key: string, isChecked: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (isChecked) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  return (
    <StepFrame
      title="Choose the accounts to share"
      description="Billow only reads the accounts you choose, to find your bills and subscriptions."
      onBack={onBack}
      error={error}
      footer={
        <>
          {!hasChoice && (
            <p role="status" className="text-center text-sm text-muted-foreground">
              Select at least one account to continue.
            </p>
          )}
          <Button
            size="lg"
            className="w-full"
            disabled={!hasChoice || isPending}
            onClick={() => onContinue(accounts.filter((a) => chosen.has(a.key)).map((a) => a.key))}
          >
            <PendingLabel isPending={isPending} pendingText="Connecting…">
              Continue
            </PendingLabel>
          </Button>
        </>
      }
    >
      <InstitutionHeader institution={institution} />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Accounts</legend>
        {accounts.map((account) => {
          const id = `sandbox-account-${account.key}`;
          return (
            <div
              key={account.key}
              className="relative flex items-center gap-3 rounded-2xl border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                id={id}
                type="checkbox"
                data-autofocus={account === accounts[0] ? true : undefined}
                checked={chosen.has(account.key)}
                onChange={(event) => toggle(account.key, event.target.checked)}
                className="size-5 shrink-0 accent-primary focus-visible:outline-none"
              />
              {/* The label stretches over the whole card, so a tap anywhere on it toggles. */}
              <label
                htmlFor={id}
                className="min-w-0 flex-1 cursor-pointer after:absolute after:inset-0 after:content-['']"
              >
                <span className="block truncate font-medium">{account.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {describeAccount(account)}{' '}
                  <span className="money" aria-hidden="true">
                    •••• {account.mask}
                  </span>
                  <span className="sr-only">ending in {account.mask}</span>
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
    </StepFrame>
  );
}
