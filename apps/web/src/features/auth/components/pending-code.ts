/**
 * The code step survives a reload and a Back: the number a code was texted to, and
 * when, kept in this tab's session storage until the code is used or expires. Without it, a
 * person who reloads the code step, or goes back and presses Next again, is refused a second
 * text during the cool-down and has no way to type the code they already hold.
 */
import { OTP } from '@billow/contracts';

const STORAGE_KEY = 'billow.pendingSignInCode';

export type PendingCode = {
  /** What the person typed, to put back in the phone field. */
  phoneInput: string;
  /** The normalised number the server texted. */
  phoneNumber: string;
  sentAt: number;
  expiresInSeconds: number;
  resendAfterSeconds: number;
};

export function savePendingCode(code: PendingCode): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(code));
  } catch {
    // Storage full or blocked: the flow still works, it just forgets on reload.
  }
}

export function clearPendingCode(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

function isPendingCode(value: unknown): value is PendingCode {
  if (typeof value !== 'object' || value === null) return false;
  const code = value as Record<string, unknown>;
  return (
    typeof code.phoneInput === 'string' &&
    typeof code.phoneNumber === 'string' &&
    typeof code.sentAt === 'number' &&
    typeof code.expiresInSeconds === 'number' &&
    typeof code.resendAfterSeconds === 'number'
  );
}

/** The code still valid at `now`, if one was texted from this tab. */
export function readPendingCode(now = Date.now()): PendingCode | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  if (!isPendingCode(parsed)) return undefined;
  if (now >= parsed.sentAt + parsed.expiresInSeconds * 1000) {
    clearPendingCode();
    return undefined;
  }
  return parsed;
}

/** Seconds until Resend may ask for another code. */
export function secondsUntilResend(code: PendingCode, now = Date.now()): number {
  return Math.max(0, Math.ceil((code.sentAt + code.resendAfterSeconds * 1000 - now) / 1000));
}

/**
 * What the server's "a code was just sent" refusal tells about the code already out: it was
 * sent `resendCooldown - retryAfter` seconds ago, so it expires that much sooner than a new one.
 */
export function pendingCodeFromCooldown(
  phoneInput: string,
  phoneNumber: string,
  retryAfterSeconds: number,
  now = Date.now(),
): PendingCode {
  const wait = Math.min(Math.max(retryAfterSeconds, 0), OTP.resendCooldownSeconds);
  const sentAt = now - (OTP.resendCooldownSeconds - wait) * 1000;
  return {
    phoneInput,
    phoneNumber,
    sentAt,
    expiresInSeconds: OTP.ttlSeconds,
    resendAfterSeconds: OTP.resendCooldownSeconds,
  };
}
