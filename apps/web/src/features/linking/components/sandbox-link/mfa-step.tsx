/** The one-time device code some logins (password mfa_device) and banks ask for. */
import { useState, type FormEvent } from 'react';
import type { SandboxInstitution } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { InstitutionHeader } from './institution-header';
import { StepFrame } from './step-frame';
import type { StepError } from './use-sandbox-link-flow';

export function MfaStep({
  institution,
  isPending,
  error,
  onBack,
  onSubmit,
}: {
  institution: SandboxInstitution;
  isPending: boolean;
  error: StepError | null;
  onBack: (() => void) | undefined;
  onSubmit(code: string): void;
}) {
  const [code, setCode] = useState('');
  const isComplete = code.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isComplete && !isPending) onSubmit(code.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <StepFrame
        title="Enter your security code"
        description={`${institution.name} sent a code to your device. In the sandbox the code is 1234.`}
        onBack={onBack}
        error={error}
        errorId="sandbox-mfa-error"
        footer={
          <Button type="submit" size="lg" className="w-full" disabled={!isComplete || isPending}>
            <PendingLabel isPending={isPending} pendingText="Checking…">
              Submit
            </PendingLabel>
          </Button>
        }
      >
        <InstitutionHeader institution={institution} />
        <Field
          id="sandbox-mfa-code"
          label="Security code"
          errorId={error ? 'sandbox-mfa-error' : undefined}
        >
          {(control) => (
            <Input
              {...control}
              data-autofocus
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="money text-center text-xl tracking-[0.3em]"
            />
          )}
        </Field>
      </StepFrame>
    </form>
  );
}
