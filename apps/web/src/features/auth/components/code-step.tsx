/**
 * Step 2 of sign-in: the texted code. One field that phones can fill from the message
 * (`one-time-code`), that takes a pasted "123 456" as 123456, and a Resend that waits out the
 * server's cool-down so a tap never earns a rate-limit error.
 */
import { useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import {
  authMessages,
  formatPhoneNumber,
  OTP,
  SIGN_IN_CODE_MAX_LENGTH,
  type authRoutes,
  type OtpVerifyResponse,
  type RouteResponse,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useFocusOnMount } from '@/lib/use-focus-on-mount';
import { useStartOtp, useVerifyOtp } from '../api/sign-in-requests';
import {
  describeSendCodeError,
  describeVerifyError,
  incompleteCodeMessage,
} from '../api/sign-in-errors';
import { useCountdown } from './use-countdown';

/** Codes are digits; they arrive with spaces or dashes for readability ("123 456", "123-456"). */
function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, SIGN_IN_CODE_MAX_LENGTH);
}

/**
 * A paste may be the whole text message ("Your Billow code is 618594. It expires in 5
 * minutes."): take the first group of digits as long as a code, else the first group.
 */
function codeFromText(text: string): string {
  const groups = (text.match(/\d(?:[\s-]?\d)*/g) ?? []).map(cleanCode);
  return cleanCode(groups.find((group) => group.length === OTP.length) ?? groups[0] ?? '');
}

export function CodeStep({
  phoneNumber,
  resendAfterSeconds,
  onBack,
  onResent,
  onVerified,
}: {
  /** The normalised number the server texted. */
  phoneNumber: string;
  resendAfterSeconds: number;
  onBack(): void;
  onResent(sent: RouteResponse<typeof authRoutes.otpStart>): void;
  onVerified(result: OtpVerifyResponse): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyOtp();
  const resend = useStartOtp();
  const { secondsLeft, restart } = useCountdown(resendAfterSeconds);
  useFocusOnMount(inputRef);

  function showError(message: string) {
    setError(message);
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    const cleaned = cleanCode(code);
    if (!cleaned) return showError(authMessages.enterCode);
    if (cleaned.length < OTP.length) return showError(incompleteCodeMessage);
    setError(null);
    verify.mutate(
      { phoneNumber, code: cleaned },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          const { message, needsNewCode } = describeVerifyError(failure, secondsLeft === 0);
          if (needsNewCode) setCode('');
          showError(message);
        },
      },
    );
  }

  function resendCode() {
    resend.mutate(phoneNumber, {
      onSuccess: (sent) => {
        onResent(sent);
        restart(sent.resendAfterSeconds);
        setCode('');
        setError(null);
        toast.success(`We texted a new code to ${formatPhoneNumber(sent.phoneNumber)}`);
        inputRef.current?.focus();
      },
      onError: (failure) => showError(describeSendCodeError(failure)),
    });
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    // Clean before the field's max length cuts "1 2 3 4 5 6" down to "1 2 3 4 ".
    event.preventDefault();
    setCode(codeFromText(event.clipboardData.getData('text')));
    setError(null);
  }

  return (
    <div className="flex flex-1 flex-col gap-8 pt-2">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">Enter your code</h1>
        <p className="text-lg text-muted-foreground">
          We texted a code to{' '}
          <span className="font-semibold whitespace-nowrap text-foreground money">
            {formatPhoneNumber(phoneNumber)}
          </span>
        </p>
      </header>

      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field id="sign-in-code" label="Verification code" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SIGN_IN_CODE_MAX_LENGTH}
              value={code}
              onChange={(event) => {
                setCode(cleanCode(event.target.value));
                if (error) setError(null);
              }}
              onPaste={paste}
              className="h-14 text-center text-2xl font-semibold tracking-[0.4em] money"
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
          <PendingLabel isPending={verify.isPending} pendingText="Verifying…">
            Verify
          </PendingLabel>
        </Button>
      </form>

      <div className="flex flex-col items-center gap-1 text-sm text-muted-foreground">
        <span>Didn’t get it?</span>
        <Button
          variant="link"
          size="sm"
          onClick={resendCode}
          disabled={secondsLeft > 0 || resend.isPending}
        >
          {resend.isPending ? (
            'Sending…'
          ) : secondsLeft > 0 ? (
            // A timer, not a live region: reading out every second would drown the screen
            // reader. The status line below speaks once, when the wait is over.
            <span role="timer" className="money">
              Resend code in {secondsLeft}s
            </span>
          ) : (
            'Resend code'
          )}
        </Button>
        <p className="sr-only" aria-live="polite">
          {secondsLeft === 0 ? 'You can now ask for a new code.' : ''}
        </p>
      </div>
    </div>
  );
}
