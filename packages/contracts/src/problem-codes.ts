/**
 * Machine-readable reasons a route refuses a request on purpose, carried as `code` in its
 * problem details. Each route declares the codes it may send (`problemCodes` in its contract);
 * the web picks its words by code and never parses `detail`, which is written for people
 * and may change.
 */
import { z } from 'zod';

/** Texting a sign-in code (POST /api/auth/otp/start). */
export const otpStartProblemCode = z.enum([
  'phone-invalid',
  'country-not-allowed',
  'code-just-sent',
  'too-many-codes-for-number',
  'too-many-codes-from-address',
  'sms-budget-spent',
  'sms-undeliverable',
  /** The text provider is busy or down, or refuses Billow's setup: not the person's number. */
  'sms-unavailable',
]);

/** Checking a sign-in code (POST /api/auth/otp/verify). */
export const otpVerifyProblemCode = z.enum([
  'phone-invalid',
  'code-wrong',
  'code-expired',
  'code-burned',
  'code-missing',
  'too-many-tries-for-number',
]);

export const refreshProblemCode = z.enum(['refresh-invalid']);

/** Asking for an email verification code. */
export const sendEmailVerificationProblemCode = z.enum([
  'email-missing',
  'code-just-sent',
  'email-undeliverable',
]);

/** Checking an email verification code. */
export const verifyEmailProblemCode = z.enum(['code-wrong', 'code-burned', 'code-expired']);

/**
 * Deleting the account: a session signed into more than a few minutes ago needs a texted code
 * first (`fresh-code-needed`), then that code is checked like any other.
 */
export const deleteAccountProblemCode = z.enum([
  'fresh-code-needed',
  'code-wrong',
  'code-burned',
  'code-expired',
  'code-just-sent',
  'sms-undeliverable',
]);

export const linkResultProblemCode = z.enum([
  'link-session-invalid',
  'bank-login-taken',
  /** The same bank login (institution and accounts) is linked already: Plaid's duplicate item. */
  'bank-already-linked',
]);

export const financialAccountProblemCode = z.enum([
  'account-not-found',
  'account-not-eligible',
  /** Its source only reads transactions (SimpleFIN Bridge, a file): it cannot be primary. */
  'account-cannot-pay',
]);

/** Connecting a SimpleFIN Bridge with a setup token (POST /api/banks/simplefin/connect). */
export const simplefinConnectProblemCode = z.enum([
  /** Not a setup token at all (not Base64 of an address), or an address Billow may not call. */
  'setup-token-invalid',
  /** The Bridge refused the claim: the token was claimed already (or never existed). */
  'setup-token-used',
  /** The Bridge could not be reached or failed on its side. */
  'bridge-unavailable',
  /** SimpleFIN is switched off on this server (SIMPLEFIN_ENABLED=false). */
  'simplefin-disabled',
]);

/**
 * A file that cannot be read as transactions (the detail names the row), an account not theirs,
 * or a file over the person's quota: one read at a time, so many characters an hour.
 */
export const importProblemCode = z.enum([
  'import-file-unreadable',
  'import-currency-unsupported',
  'import-row-invalid',
  'import-account-not-found',
  'import-busy',
  'import-quota',
]);

export const subscriptionProblemCode = z.enum(['subscription-not-found']);

/**
 * Adding a missed subscription from one of the person's transactions: the transaction
 * is not theirs (or gone), or a subscription holds it already.
 */
export const addMissedSubscriptionProblemCode = z.enum([
  'transaction-not-found',
  'transaction-already-in-subscription',
]);

/** Giving a negotiation the information its merchant asks for. */
export const requiredInfoProblemCode = z.enum([
  'subscription-not-found',
  /** The offer has moved on (a call started, it ended) since the form was shown. */
  'negotiation-not-waiting',
  /** One or more answers are not valid: `errors` names each field. */
  'required-info-invalid',
]);

/**
 * Paying for an annual plan: the person owes Billow for a returned debit, or another payment from
 * the same account is still being decided.
 */
export const paymentProblemCode = z.enum(['payment-owed', 'payment-in-progress']);

/**
 * Opening the bank's Link for a payment: the subscription is not the person's, or its latest
 * payment is not waiting for the person at their bank (nothing to do there).
 */
export const paymentBankLinkProblemCode = z.enum([
  'subscription-not-found',
  'payment-bank-link-not-needed',
]);

/** Making a personal access token. */
export const accessTokenProblemCode = z.enum(['too-many-access-tokens']);

/**
 * The sandbox bank's Link steps answer with the bank's own error code (Plaid's vocabulary, e.g.
 * INVALID_CREDENTIALS, INVALID_LINK_TOKEN), as Plaid Link would show it.
 */
export const sandboxLinkProblemCode = z.string().regex(/^[A-Z][A-Z0-9_]+$/);

/** Cancelling a subscription. */
export const cancellationProblemCode = z.enum([
  'subscription-not-found',
  'cancellation-not-found',
  /** The subscription is cancelled already. */
  'already-cancelled',
  /** A call needs what the merchant asks for: `errors` names each missing field (422). */
  'required-info-missing',
  'required-info-invalid',
  /** This merchant does not take a cancellation this way. */
  'way-not-available',
  /** "I've cancelled" for a cancellation that is not waiting for the person's word. */
  'cancellation-not-waiting',
]);

/** Every code a service may send; the server's ProblemError takes only these. */
/**
 * Claiming a reward (POST /api/rewards/claim) and putting a claim back (POST
 * /api/rewards/return): the balance does not cover the reward, it has no bill of the person's to
 * go toward now, or the claim cannot be put back (its bill was charged, or it is back already).
 */
export const rewardClaimProblemCode = z.enum([
  'reward-not-covered',
  'reward-no-bill',
  'reward-not-returnable',
  'reward-transaction-not-found',
]);

export type ProblemCode =
  | z.infer<typeof otpStartProblemCode>
  | z.infer<typeof otpVerifyProblemCode>
  | z.infer<typeof refreshProblemCode>
  | z.infer<typeof sendEmailVerificationProblemCode>
  | z.infer<typeof verifyEmailProblemCode>
  | z.infer<typeof deleteAccountProblemCode>
  | z.infer<typeof linkResultProblemCode>
  | z.infer<typeof financialAccountProblemCode>
  | z.infer<typeof simplefinConnectProblemCode>
  | z.infer<typeof importProblemCode>
  | z.infer<typeof subscriptionProblemCode>
  | z.infer<typeof addMissedSubscriptionProblemCode>
  | z.infer<typeof requiredInfoProblemCode>
  | z.infer<typeof accessTokenProblemCode>
  | z.infer<typeof paymentProblemCode>
  | z.infer<typeof paymentBankLinkProblemCode>
  | z.infer<typeof cancellationProblemCode>
  | z.infer<typeof rewardClaimProblemCode>
  | BankErrorCode;

/** A bank's own error code (Plaid's vocabulary, all capitals), from the sandbox Link steps. */
type BankErrorCode = Uppercase<string>;
