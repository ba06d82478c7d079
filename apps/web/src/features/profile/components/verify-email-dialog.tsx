/**
 * Entering the code emailed to the recovery address. A wrong code keeps the dialog open with
 * `profileMessages`' words; success closes it with a toast, the profile already reloaded.
 */
import { useState, type FormEvent } from 'react';
import { profileMessages } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useVerifyEmail } from '../api/use-profile-mutations';
import { describeVerifyEmailError } from '../api/profile-errors';

export function VerifyEmailDialog({
  open,
  onOpenChange,
  email,
  isResending,
  onResend,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string | null | undefined;
  isResending: boolean;
  onResend(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Verify your email</DialogTitle>
        <DialogDescription>
          {email ? `We emailed a code to ${email}.` : 'We emailed you a code.'} Enter it below.
        </DialogDescription>
        <VerifyEmailForm
          onVerified={() => {
            onOpenChange(false);
            toast.success('Your email is verified');
          }}
          isResending={isResending}
          onResend={onResend}
        />
      </DialogContent>
    </Dialog>
  );
}

function VerifyEmailForm({
  onVerified,
  isResending,
  onResend,
}: {
  onVerified(): void;
  isResending: boolean;
  onResend(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyEmail();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    const trimmed = code.trim();
    if (!trimmed) return setError(profileMessages.enterValidCode);
    setError(null);
    verify.mutate(trimmed, {
      onSuccess: onVerified,
      onError: (failure) => setError(describeVerifyEmailError(failure)),
    });
  }

  return (
    <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
      <Field id="verify-email-code" label="Verification code" error={error}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
            className="text-center text-xl tracking-[0.3em] money"
          />
        )}
      </Field>
      <div className="flex flex-col-reverse items-center gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="link" size="sm" onClick={onResend} disabled={isResending}>
          <PendingLabel isPending={isResending} pendingText="Sending…">
            Send a new code
          </PendingLabel>
        </Button>
        <Button type="submit" className="w-full sm:w-auto" disabled={verify.isPending}>
          <PendingLabel isPending={verify.isPending} pendingText="Verifying…">
            Verify
          </PendingLabel>
        </Button>
      </div>
    </form>
  );
}
