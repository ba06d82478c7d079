/**
 * The sandbox bank's logins follow Plaid's Sandbox test credentials
 * (https://plaid.com/docs/sandbox/test-credentials/), so anyone who has used Plaid knows them:
 *
 * - user_good / pass_good: the default persona
 * - user_good / mfa_device: asks for a device code, which is 1234
 * - user_good / error_<ERROR_CODE>: fails with that Plaid error, e.g. error_ITEM_LOCKED
 * - user_transactions_dynamic / any password: the noisier 'dynamic' persona
 * - user_family, user_student, user_freelancer / pass_good: those personas
 * - any of them / pass_overdraft: that persona with only $25 available in checking, short of the
 *   bills due before the next paycheck (Billow's addition, to try overdraft protection)
 *
 * Anything else fails with INVALID_CREDENTIALS. The mfa_device and error_ passwords also work for
 * the persona usernames, so every persona can be linked through every Link flow. Error messages
 * are Plaid's, word for word (https://plaid.com/docs/errors/item/, /docs/errors/institution/).
 */
import type { PersonaId } from './types';

export const SANDBOX_MFA_CODE = '1234';

/** What pass_overdraft leaves available in checking: less than the bills before payday. */
export const SHORT_CHECKING_AVAILABLE = 25;

export type SandboxErrorType = 'ITEM_ERROR' | 'INSTITUTION_ERROR';

type ErrorEntry = {
  error_type: SandboxErrorType;
  error_message: string;
  display_message: string | null;
};

const errorCatalogue = {
  INVALID_CREDENTIALS: {
    error_type: 'ITEM_ERROR',
    error_message: 'the provided credentials were not correct',
    display_message: 'The provided credentials were not correct. Please try again.',
  },
  INVALID_MFA: {
    error_type: 'ITEM_ERROR',
    error_message: 'the provided MFA response(s) were not correct',
    display_message: 'The provided MFA responses were not correct. Please try again.',
  },
  ITEM_LOCKED: {
    error_type: 'ITEM_ERROR',
    error_message:
      "the account is locked. prompt the user to visit the institution's site and unlock their account",
    display_message:
      "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
  },
  ITEM_NOT_SUPPORTED: {
    error_type: 'ITEM_ERROR',
    error_message: 'this account is currently not supported',
    display_message:
      'The given account is not currently supported for this financial institution. We apologize for the inconvenience.',
  },
  USER_SETUP_REQUIRED: {
    error_type: 'ITEM_ERROR',
    error_message:
      "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
    display_message:
      "The given account is not fully setup. Please visit your financial institution's website to setup your account.",
  },
  MFA_NOT_SUPPORTED: {
    error_type: 'ITEM_ERROR',
    error_message:
      'this account requires a MFA type that we do not currently support for the institution',
    display_message:
      'The multi-factor security features enabled on this account are not currently supported for this financial institution. We apologize for the inconvenience.',
  },
  NO_ACCOUNTS: {
    error_type: 'ITEM_ERROR',
    error_message: 'no valid accounts were found for this item',
    display_message:
      "No valid accounts were found at the financial institution. Please visit your financial institution's website to confirm accounts are available.",
  },
  INSUFFICIENT_CREDENTIALS: {
    error_type: 'ITEM_ERROR',
    error_message: 'insufficient authorization was provided to complete the request',
    display_message: 'INSUFFICIENT_CREDENTIALS',
  },
  ITEM_LOGIN_REQUIRED: {
    error_type: 'ITEM_ERROR',
    error_message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    display_message: null,
  },
  INSTITUTION_DOWN: {
    error_type: 'INSTITUTION_ERROR',
    error_message:
      'this institution is not currently responding to this request. please try again soon',
    display_message:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NOT_RESPONDING: {
    error_type: 'INSTITUTION_ERROR',
    error_message:
      'this institution is not currently responding to this request. please try again soon',
    display_message:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NOT_AVAILABLE: {
    error_type: 'INSTITUTION_ERROR',
    error_message:
      'this institution is not currently responding to this request. please try again soon',
    display_message:
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
  },
  INSTITUTION_NO_LONGER_SUPPORTED: {
    error_type: 'INSTITUTION_ERROR',
    error_message: 'this institution is no longer supported',
    display_message:
      'This financial institution is no longer supported. We apologize for the inconvenience.',
  },
} satisfies Record<string, ErrorEntry>;

export type SandboxErrorCode = keyof typeof errorCatalogue;

export const SANDBOX_ERROR_CODES = Object.keys(errorCatalogue) as SandboxErrorCode[];

export type SandboxLoginError = {
  ok: false;
  error_type: SandboxErrorType;
  error_code: SandboxErrorCode;
  error_message: string;
  display_message: string | null;
};

export type SandboxLoginResult =
  | {
      ok: true;
      persona: PersonaId;
      mfa?: { type: 'device'; expectedCode: typeof SANDBOX_MFA_CODE };
      /** Checking's available balance, in dollars, instead of the persona's own. */
      checkingAvailable?: number;
    }
  | SandboxLoginError;

export function isSandboxErrorCode(code: string): code is SandboxErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** The error as Plaid reports it, e.g. for a wrong MFA code or a simulated ITEM_LOGIN_REQUIRED. */
export function sandboxError(code: SandboxErrorCode): SandboxLoginError {
  const entry: ErrorEntry = errorCatalogue[code];
  return { ok: false, error_code: code, ...entry };
}

/** Usernames that sign in with pass_good (and the mfa_device / error_ conventions). */
const passwordUsers: Record<string, PersonaId> = {
  user_good: 'default',
  user_family: 'family',
  user_student: 'student',
  user_freelancer: 'freelancer',
};

/** Plaid's user_transactions_dynamic accepts any password. */
const anyPasswordUsers: Record<string, PersonaId> = {
  user_transactions_dynamic: 'dynamic',
};

export function checkSandboxCredentials(username: string, password: string): SandboxLoginResult {
  const user = username.trim();
  const anyPasswordPersona = Object.hasOwn(anyPasswordUsers, user)
    ? anyPasswordUsers[user]
    : undefined;
  if (anyPasswordPersona && password !== '') return { ok: true, persona: anyPasswordPersona };

  const persona = Object.hasOwn(passwordUsers, user) ? passwordUsers[user] : undefined;
  if (!persona) return sandboxError('INVALID_CREDENTIALS');
  if (password === 'pass_good') return { ok: true, persona };
  if (password === 'pass_overdraft')
    return { ok: true, persona, checkingAvailable: SHORT_CHECKING_AVAILABLE };
  if (password === 'mfa_device')
    return { ok: true, persona, mfa: { type: 'device', expectedCode: SANDBOX_MFA_CODE } };
  if (password.startsWith('error_')) {
    const code = password.slice('error_'.length);
    // An error code the sandbox does not simulate is just a wrong password.
    return sandboxError(isSandboxErrorCode(code) ? code : 'INVALID_CREDENTIALS');
  }
  return sandboxError('INVALID_CREDENTIALS');
}

/** The second step of the mfa_device flow (and of an institution that always asks for a code). */
export function checkSandboxMfaCode(code: string): { ok: true } | SandboxLoginError {
  return code.trim() === SANDBOX_MFA_CODE ? { ok: true } : sandboxError('INVALID_MFA');
}
