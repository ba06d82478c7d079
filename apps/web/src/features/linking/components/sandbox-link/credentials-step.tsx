/**
 * The bank login. What was typed stays after a failed try (as in Plaid Link), so a mistyped
 * password is fixed, not retyped. The hint box lists the sandbox's test logins, which follow
 * Plaid's sandbox (https://plaid.com/docs/sandbox/test-credentials/).
 */
import { useState, type FormEvent } from 'react';
import { Info } from 'lucide-react';
import type { SandboxInstitution } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { InstitutionHeader } from './institution-header';
import { StepFrame } from './step-frame';
import type { Credentials, StepError } from './use-sandbox-link-flow';

/** Every sandbox login (packages/sandbox-bank/src/credentials.ts), so nobody has to look them up. */
const testLogins = [
  { username: 'user_good', password: 'pass_good', result: 'a professional with 11 bills' },
  { username: 'user_family', password: 'pass_good', result: 'a family with a mortgage' },
  { username: 'user_student', password: 'pass_good', result: 'a student, small plans' },
  { username: 'user_freelancer', password: 'pass_good', result: 'a freelancer, lumpy income' },
  {
    username: 'user_transactions_dynamic',
    password: 'any password',
    result: 'a noisier history',
  },
  { username: 'user_good', password: 'mfa_device', result: 'asks for the code 1234' },
  {
    username: 'user_good',
    password: 'pass_overdraft',
    result: 'only $25 in checking (try overdraft alerts)',
  },
  { username: 'user_good', password: 'error_ITEM_LOCKED', result: 'a bank error' },
  { username: 'user_bad', password: 'any password', result: 'is refused' },
];

export function CredentialsStep({
  institution,
  initial,
  isPending,
  error,
  onBack,
  onSubmit,
}: {
  institution: SandboxInstitution;
  initial: Credentials | undefined;
  isPending: boolean;
  error: StepError | null;
  onBack: (() => void) | undefined;
  onSubmit(credentials: Credentials): void;
}) {
  const [username, setUsername] = useState(initial?.username ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const isComplete = username.trim() !== '' && password !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isComplete && !isPending) onSubmit({ username: username.trim(), password });
  }

  // The step shows one error for the login; both fields point at it.
  const errorId = error ? 'sandbox-credentials-error' : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <StepFrame
        title="Enter your credentials"
        description={`Log in to ${institution.name} with a sandbox test login.`}
        onBack={onBack}
        error={error}
        errorId="sandbox-credentials-error"
        footer={
          <Button type="submit" size="lg" className="w-full" disabled={!isComplete || isPending}>
            <PendingLabel isPending={isPending} pendingText="Connecting…">
              Submit
            </PendingLabel>
          </Button>
        }
      >
        <InstitutionHeader institution={institution} />
        <Field id="sandbox-username" label="Username" errorId={errorId}>
          {(control) => (
            <Input
              {...control}
              data-autofocus
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={200}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <Field id="sandbox-password" label="Password" errorId={errorId}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              maxLength={200}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <aside
          aria-labelledby="sandbox-test-logins"
          className="rounded-2xl border border-info/30 bg-info/5 p-3 text-sm"
        >
          <p id="sandbox-test-logins" className="flex items-center gap-2 font-semibold">
            <Info className="size-4 text-info" aria-hidden="true" />
            Sandbox test logins
          </p>
          <ul className="mt-2 space-y-1 text-muted-foreground">
            {testLogins.map(({ username: user, password: pass, result }) => (
              <li key={`${user}/${pass}`}>
                <code className="font-mono text-foreground">{user}</code> /{' '}
                <code className="font-mono text-foreground">{pass}</code> {result}
              </li>
            ))}
          </ul>
        </aside>
      </StepFrame>
    </form>
  );
}
