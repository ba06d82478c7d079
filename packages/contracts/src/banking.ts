/**
 * Bank linking (docs/linking.md): link tokens, the link result, the transaction-load status
 * the loading screen polls, and managing linked accounts. Plus the sandbox bank's own endpoints
 * (`/api/dev/sandbox/*`), which stand in for Plaid Link and Plaid's sandbox API offline.
 */
import {
  financialAccountProblemCode,
  linkResultProblemCode,
  sandboxLinkProblemCode,
  simplefinConnectProblemCode,
} from './problem-codes';
import { z } from 'zod';
import { defineRoute } from './route';
import { hasOnlySafeText, text, UNSAFE_TEXT_MESSAGE } from './text';
import { linkedAccount } from './users';

export const TRANSACTION_STATUS_POLL_MS = 5000;

/** Why a second link of the same bank login is refused: said to the person as is. */
export const BANK_ALREADY_LINKED_DETAIL =
  'This bank login is already linked to Billow. Your accounts and bills stay as they are.';
/**
 * How long a status check may be held open waiting for the transactions to finish loading, so
 * the screen hears of it at once rather than at its next poll. Below the poll interval, so one
 * check is open at a time.
 */
export const TRANSACTION_STATUS_MAX_WAIT_MS = 4000;
export const REDIRECT_SUCCESS_DELAY_MS = 2000;

/** Which Link the web opens: Billow's sandbox bank dialog, or Plaid Link. */
export const linkProvider = z.enum(['sandbox', 'plaid']);
export type LinkProvider = z.infer<typeof linkProvider>;

/** An answer without `linkToken` is a refusal, worded in `error` (docs/linking.md, "/link"). */
export const linkTokenResponse = z.object({
  linkToken: z.string().optional(),
  linkProvider,
  error: z.string().optional(),
});
export const linkResultBody = z.object({ publicToken: text().min(1).max(512) });
/**
 * 'success' is the success value (docs/linking.md, "/link"). Others exist without a name;
 * a link the bank has not finished (`pending`) or could not use (`failed`) reads as a failed link.
 */
export const linkResultStatus = z.enum(['success', 'pending', 'failed']);
export type LinkResultStatus = z.infer<typeof linkResultStatus>;
export const linkResultResponse = z.object({ status: linkResultStatus });
export const transactionLoadStatus = z.object({
  transactionsLoaded: z.boolean(),
  isAccountLinked: z.boolean(),
  /** When the newest transactions arrived from the bank (ISO time), for "updated …" notes. */
  lastSyncedAt: z.string().nullable(),
  /**
   * True while a newly linked bank has not yet sent its first transactions (it can take a few
   * minutes); absent otherwise.
   */
  isBankPreparing: z.literal(true).optional(),
});
export type TransactionLoadStatus = z.infer<typeof transactionLoadStatus>;

export const financialAccountBody = z.object({ financialAccountId: z.string().uuid() });

// SimpleFIN Bridge (docs/banking.md): a setup token the person pastes in.

/** Said when the Bridge refuses a setup token's claim: it was used already. */
export const SIMPLEFIN_TOKEN_USED_DETAIL =
  'This setup token was already used. Create a new one in your SimpleFIN Bridge account.';
export const SIMPLEFIN_TOKEN_INVALID_DETAIL =
  'This is not a SimpleFIN setup token. Copy the whole token from your SimpleFIN Bridge account and paste it here.';
export const SIMPLEFIN_UNAVAILABLE_DETAIL =
  'SimpleFIN Bridge could not be reached. Please try again in a few minutes.';
export const SIMPLEFIN_TOKEN_REQUIRED = 'Paste your SimpleFIN setup token.';

export const simplefinConnectBody = z.object({
  setupToken: z.string().trim().min(1, SIMPLEFIN_TOKEN_REQUIRED).max(2048),
});
export const simplefinConnectResponse = z.object({
  status: z.literal('success'),
  /** The accounts this connection brought in. */
  linkedAccounts: z.array(linkedAccount),
});
export type SimplefinConnectResponse = z.infer<typeof simplefinConnectResponse>;

/** Which ways to bring in transactions this server offers besides its Link provider. */
export const bankSourcesResponse = z.object({ simplefin: z.object({ enabled: z.boolean() }) });
export type BankSourcesResponse = z.infer<typeof bankSourcesResponse>;

export const bankingRoutes = {
  link: defineRoute({ method: 'POST', path: '/api/plaid/link', response: linkTokenResponse }),
  linkResult: defineRoute({
    method: 'POST',
    path: '/api/plaid/link/result',
    body: linkResultBody,
    response: linkResultResponse,
    problemCodes: linkResultProblemCode,
  }),
  transactionLoadStatus: defineRoute({
    method: 'GET',
    path: '/api/user/transaction-load-status',
    // Optional: answer as soon as loading is done (or no account is linked), or after waitMs.
    query: z.object({
      waitMs: z.coerce.number().int().min(0).max(TRANSACTION_STATUS_MAX_WAIT_MS).optional(),
    }),
    response: transactionLoadStatus,
  }),
  setPrimaryPaymentAccount: defineRoute({
    method: 'POST',
    path: '/api/user/set-primary-payment-account',
    body: financialAccountBody,
    response: z.object({ success: z.literal(true) }),
    problemCodes: financialAccountProblemCode,
  }),
  deleteFinancialAccount: defineRoute({
    method: 'POST',
    path: '/api/user/delete-financial-account',
    body: financialAccountBody,
    response: z.object({ success: z.literal(true) }),
    problemCodes: financialAccountProblemCode,
  }),
  sources: defineRoute({
    method: 'GET',
    path: '/api/banks/sources',
    response: bankSourcesResponse,
  }),
  simplefinConnect: defineRoute({
    method: 'POST',
    path: '/api/banks/simplefin/connect',
    body: simplefinConnectBody,
    response: simplefinConnectResponse,
    problemCodes: simplefinConnectProblemCode,
  }),
} as const;

/** Link's exit error codes the web treats specially (docs/linking.md, "/link"). */
export const INVALID_LINK_TOKEN = 'INVALID_LINK_TOKEN';

// ---------------------------------------------------------------------------------------------
// The sandbox bank (sandbox only).

export const sandboxInstitution = z.object({
  institution_id: z.string(),
  name: z.string(),
  domain: z.string(),
  oauth: z.boolean(),
  mfa: z.boolean(),
  primaryColor: z.string(),
});
export type SandboxInstitution = z.infer<typeof sandboxInstitution>;

export const sandboxAccountPreview = z.object({
  key: z.string(),
  name: z.string(),
  mask: z.string(),
  type: z.string(),
  subtype: z.string(),
});
export type SandboxAccountPreview = z.infer<typeof sandboxAccountPreview>;

/** What a sandbox Link step sends to prove who is linking: credentials, a code, or an OAuth state. */
export const sandboxLinkLogin = z.object({
  link_token: text().min(1).max(512),
  institution_id: text().min(1).max(100),
  username: text().max(200).optional(),
  password: text().max(200).optional(),
  mfa_code: text().max(20).optional(),
  oauth_state_id: text().max(200).optional(),
});
export type SandboxLinkLogin = z.infer<typeof sandboxLinkLogin>;

/**
 * Plaid's error shape: error_message is for developers ('prompt the user to…'), display_message
 * is the sentence for people, or null. Screens show only display_message.
 * https://plaid.com/docs/errors/#error-schema
 */
export const sandboxLinkError = z.object({
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullable(),
});

export const sandboxLoginResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('mfa_required'), mfa: z.object({ type: z.literal('device') }) }),
  z.object({ status: z.literal('ok'), accounts: z.array(sandboxAccountPreview) }),
  z.object({ status: z.literal('error'), error: sandboxLinkError }),
]);
export type SandboxLoginResponse = z.infer<typeof sandboxLoginResponse>;

const sandboxDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

export const sandboxRoutes = {
  institutions: defineRoute({
    method: 'GET',
    path: '/api/dev/sandbox/link/institutions',
    auth: false,
    query: z.object({ query: text().max(100).optional() }),
    response: z.array(sandboxInstitution),
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/link/login',
    auth: false,
    body: sandboxLinkLogin,
    response: sandboxLoginResponse,
    problemCodes: sandboxLinkProblemCode,
  }),
  oauthStart: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/link/oauth',
    auth: false,
    body: z.object({
      link_token: text().min(1).max(512),
      institution_id: text().min(1).max(100),
    }),
    response: z.object({ oauth_state_id: z.string(), redirect_path: z.string() }),
    problemCodes: sandboxLinkProblemCode,
  }),
  oauthResume: defineRoute({
    method: 'GET',
    path: '/api/dev/sandbox/link/oauth',
    auth: false,
    query: z.object({ oauth_state_id: text().min(1).max(200) }),
    response: z.object({ institution: sandboxInstitution }),
    problemCodes: sandboxLinkProblemCode,
  }),
  complete: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/link/complete',
    auth: false,
    body: sandboxLinkLogin.extend({ account_keys: z.array(text().max(100)).min(1).max(50) }),
    response: z.object({
      public_token: z.string(),
      institution: z.object({ institution_id: z.string(), name: z.string() }),
      accounts: z.array(sandboxAccountPreview),
    }),
    problemCodes: sandboxLinkProblemCode,
  }),
  publicToken: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/public-token',
    auth: false,
    body: z.object({
      institution_id: text().max(100).optional(),
      persona: text().max(100).optional(),
      /** Checking's available balance instead of the persona's, as the pass_overdraft login. */
      checking_available: z.number().min(-1_000_000).max(1_000_000).optional(),
      override_accounts: z
        .array(z.unknown())
        .refine(hasOnlySafeText, { message: UNSAFE_TEXT_MESSAGE })
        .optional(),
    }),
    response: z.object({ public_token: z.string() }),
    problemCodes: sandboxLinkProblemCode,
  }),
  /** Mirrors Plaid's /sandbox/item/fire_webhook: tells Billow new transactions are ready. */
  fireWebhook: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/item/fire-webhook',
    body: z.object({
      financialAccountId: z.string().uuid(),
      webhook_code: z.literal('SYNC_UPDATES_AVAILABLE'),
    }),
    response: z.object({ webhook_fired: z.literal(true) }),
    problemCodes: z.union([financialAccountProblemCode, sandboxLinkProblemCode]),
  }),
  /**
   * Mirrors Plaid's /sandbox/transactions/create: new transactions at the item's bank, which the
   * next sync reads (fire SYNC_UPDATES_AVAILABLE after it), e.g. a bill's first charge at the
   * price a negotiation got.
   */
  createTransactions: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/item/create-transactions',
    body: z.object({
      financialAccountId: z.string().uuid(),
      transactions: z
        .array(
          z.object({
            date_transacted: sandboxDay,
            date_posted: sandboxDay,
            /** Dollars, Plaid's sign: above 0 is money out of the account. */
            amount: z.number().min(-100_000).max(100_000),
            description: text().trim().min(1).max(200),
          }),
        )
        .min(1)
        .max(10),
    }),
    response: z.object({ transactions_created: z.number().int() }),
    problemCodes: z.union([financialAccountProblemCode, sandboxLinkProblemCode]),
  }),
  resetLogin: defineRoute({
    method: 'POST',
    path: '/api/dev/sandbox/item/reset-login',
    body: z.object({ financialAccountId: z.string().uuid() }),
    response: z.object({ reset_login: z.literal(true) }),
    problemCodes: z.union([financialAccountProblemCode, sandboxLinkProblemCode]),
  }),
} as const;
