/**
 * Step 1 of sign-in: the phone number. The raw input goes to the server, which normalises it with
 * the same rules (docs/sign-in.md, "Phone numbers"); the check here only catches what cannot be a
 * number before spending a text message on it. Its country metadata loads when the person first
 * asks for a code (prefetched once they start typing), not with the page.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_COUNTRY_CODE,
  normalizePhoneNumber,
  OTP,
  phoneInputCharacters,
  requestMessages,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session';
import { useFocusOnMount } from '@/lib/use-focus-on-mount';
import { useStartOtp } from '../api/sign-in-requests';
import { describeSendCodeError, invalidPhoneMessage } from '../api/sign-in-errors';
import { billowPromises, IconList } from '@/components/icon-list';
import { pendingCodeFromCooldown, readPendingCode, type PendingCode } from './pending-code';

const loadPhoneCheck = () => import('@billow/contracts/phone-plausible');

export function PhoneStep({
  initialPhone,
  merchant,
  onCodeReady,
}: {
  initialPhone: string;
  merchant: string | undefined;
  /** A code is on its way, or one texted moments ago to this number is still good. */
  onCodeReady(code: PendingCode): void;
}) {
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const startOtp = useStartOtp();
  const { hasExpired } = useSession();
  useFocusOnMount(inputRef);
  // /auth arrives prerendered: what was typed before the app took the page over is
  // in the field, and React adopts the field without reading it. Read once, as the app starts.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '' && typed !== phone) setPhone(phoneInputCharacters(typed));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!phone.trim() || startOtp.isPending) return;
    const { isPlausiblePhoneNumber } = await loadPhoneCheck();
    const phoneNumber = normalizePhoneNumber(phone);
    if (!isPlausiblePhoneNumber(phoneNumber)) {
      setError(invalidPhoneMessage);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    // Back from the code step, then Next: the code already texted still works.
    const pending = readPendingCode();
    if (pending?.phoneNumber === phoneNumber) return onCodeReady({ ...pending, phoneInput: phone });
    startOtp.mutate(phone, {
      onSuccess: (sent) =>
        onCodeReady({
          phoneInput: phone,
          phoneNumber: sent.phoneNumber,
          sentAt: Date.now(),
          expiresInSeconds: sent.expiresInSeconds,
          resendAfterSeconds: sent.resendAfterSeconds,
        }),
      onError: (failure) => {
        // Texted moments ago (from another tab, or before this one forgot): enter that code.
        if (failure instanceof ApiError && failure.problemCode === 'code-just-sent')
          return onCodeReady(
            pendingCodeFromCooldown(
              phone,
              phoneNumber,
              failure.retryAfterSeconds ?? OTP.resendCooldownSeconds,
            ),
          );
        setError(describeSendCodeError(failure));
        inputRef.current?.focus();
      },
    });
  }

  return (
    <div className="flex flex-1 flex-col gap-8 pt-6">
      <header className="space-y-3">
        <p className="text-sm font-semibold text-primary">
          {merchant ? `Save on ${merchant}` : 'Welcome to Billow'}
        </p>
        <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
        <p className="text-lg text-muted-foreground">
          {merchant
            ? `Sign in to start saving on your ${merchant} bill`
            : 'Sign in or create your account'}
        </p>
      </header>

      {hasExpired && (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
        >
          {requestMessages.authenticationFailed}
        </p>
      )}

      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          id="sign-in-phone"
          label="Phone number"
          hint={`US numbers get ${DEFAULT_COUNTRY_CODE} automatically. Starting with + keeps your own country code. We’ll text you a ${OTP.length}-digit code.`}
          error={error}
        >
          {(control) => (
            <div className="flex items-stretch gap-2">
              <span
                className="inline-flex h-12 items-center rounded-xl border border-input bg-muted px-3 font-medium text-muted-foreground money"
                aria-hidden="true"
              >
                {DEFAULT_COUNTRY_CODE}
              </span>
              <Input
                {...control}
                ref={inputRef}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(555) 555-0100"
                maxLength={32}
                value={phone}
                onChange={(event) => {
                  setPhone(phoneInputCharacters(event.target.value));
                  if (error) setError(null);
                  // Fetched while the number is typed, so checking it on submit waits for nothing.
                  void loadPhoneCheck();
                }}
                className="money"
              />
            </div>
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!phone.trim() || startOtp.isPending}
        >
          <PendingLabel isPending={startOtp.isPending} pendingText="Sending…">
            Next
          </PendingLabel>
        </Button>
      </form>

      <IconList
        items={billowPromises}
        className="rounded-[var(--radius-card)] bg-accent p-5 text-accent-foreground"
      />
      <p className="mt-auto text-center text-xs text-muted-foreground">
        Message and data rates may apply. No password needed, ever.
      </p>
    </div>
  );
}
