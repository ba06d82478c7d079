/**
 * The BankProvider port on Plaid, through the official SDK:
 * - Link: https://plaid.com/docs/api/link/#linktokencreate (update mode with access_token)
 * - Exchange: https://plaid.com/docs/api/items/#itempublic_tokenexchange
 * - Sync: https://plaid.com/docs/api/products/transactions/#transactionssync
 * - Webhook verification: https://plaid.com/docs/api/webhooks/webhook-verification/
 * `basePath` points the SDK at another host (tests use a local fake speaking Plaid's shapes).
 */
import crypto from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import {
  Configuration,
  CountryCode,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type Transaction as PlaidTransaction,
} from 'plaid';
import {
  BankProviderError,
  type BankAccount,
  type BankAccountType,
  type BankProvider,
  type BankTransaction,
  type BankWebhook,
} from './bank-provider';
import { plaidError } from './plaid-error-codes';

export type PlaidConfig = {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'production';
  basePath?: string | undefined;
  clientName?: string;
  /** Where Plaid posts webhooks (https://plaid.com/docs/api/link/#link-token-create-request-webhook). */
  webhookUrl?: string | undefined;
  /** Where an OAuth bank returns the person (https://plaid.com/docs/link/oauth/). */
  redirectUri?: string | undefined;
  /**
   * Annual plans are paid with Plaid Transfer, which must be consented to when the bank is
   * linked: asked for as an optional product, so a bank without it still links for its data.
   */
  withTransfer?: boolean;
};

/** Plaid Link runs from Plaid's CDN in an iframe (https://plaid.com/docs/link/web/#csp). */
const PLAID_LINK_ORIGINS = [
  'https://cdn.plaid.com',
  'https://production.plaid.com',
  'https://sandbox.plaid.com',
];

/**
 * Look-ups of key ids not seen before: at most this many a minute in all (anyone can post a
 * webhook, so made-up key ids must not become one Plaid call each), and each unknown id once.
 */
const NEW_KID_LOOKUPS_PER_MINUTE = 20;
/** How long a key id Plaid refused stays refused without asking again. */
const UNKNOWN_KID_TTL_MS = 10 * 60_000;
const MAX_UNKNOWN_KIDS = 10_000;
/** How long a confirmed key is used before Plaid is asked again whether it has expired. */
const KEY_RECHECK_MS = 60 * 60_000;
/** Clock difference allowed between Plaid and this server on a webhook's `iat`. */
const CLOCK_SKEW = '30s';

const ACCOUNT_TYPES: BankAccountType[] = ['depository', 'credit', 'loan', 'investment', 'other'];

function domainOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function toTransaction(t: PlaidTransaction): BankTransaction {
  return {
    transactionId: t.transaction_id,
    accountId: t.account_id,
    amount: t.amount,
    isoCurrencyCode: t.iso_currency_code ?? t.unofficial_currency_code ?? null,
    date: t.date,
    authorizedDate: t.authorized_date ?? null,
    name: t.original_description ?? t.name,
    merchantName: t.merchant_name ?? null,
    pending: t.pending,
    pendingTransactionId: t.pending_transaction_id ?? null,
  };
}

/** Plaid answers errors as { error_code, error_message }; keep the code for callers. */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    // The SDK rejects with an axios error whose response body is Plaid's error object.
    const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
    if (data && typeof data === 'object') {
      const body = data as { error_type?: string; error_code?: string; error_message?: string };
      throw plaidError(
        body.error_code ?? 'UNKNOWN',
        body.error_message ?? 'Plaid request failed',
        body.error_type,
      );
    }
    throw plaidError(
      'PROVIDER_UNREACHABLE',
      error instanceof Error ? error.message : String(error),
    );
  }
}

export function createPlaidBankProvider(config: PlaidConfig): BankProvider {
  const client = new PlaidApi(
    new Configuration({
      basePath: config.basePath ?? PlaidEnvironments[config.environment],
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': config.clientId, 'PLAID-SECRET': config.secret },
        timeout: 30_000,
      },
    }),
  );
  const verificationKeys = new Map<string, { jwk: JWK; checkedAt: number }>();
  const unknownKids = new Map<string, number>();
  const lookups = new Map<string, Promise<JWK | undefined>>();
  let lookupWindow = { startedAt: Number.NEGATIVE_INFINITY, count: 0 };

  /** Whether a key id never confirmed may be looked up now (the per-minute budget). */
  function mayLookUpNewKid(now: number): boolean {
    if (now - lookupWindow.startedAt >= 60_000) lookupWindow = { startedAt: now, count: 0 };
    if (lookupWindow.count >= NEW_KID_LOOKUPS_PER_MINUTE) return false;
    lookupWindow.count++;
    return true;
  }

  /**
   * Plaid's key for a webhook's `kid` (https://plaid.com/docs/api/webhooks/webhook-verification/).
   * A confirmed key is kept and re-checked hourly, and never waits for the budget; a key Plaid
   * says has expired is not used; a kid Plaid does not know is remembered as unknown for a while.
   */
  async function verificationKey(kid: string): Promise<JWK | undefined> {
    const now = Date.now();
    const cached = verificationKeys.get(kid);
    if (cached && now - cached.checkedAt < KEY_RECHECK_MS) return cached.jwk;
    if ((unknownKids.get(kid) ?? 0) > now) return undefined;
    const pending = lookups.get(kid);
    if (pending) return pending;
    if (!cached && !mayLookUpNewKid(now)) return undefined;
    const lookup = call(() => client.webhookVerificationKeyGet({ key_id: kid })).then(
      ({ key }) => {
        if (key.expired_at !== null && key.expired_at !== undefined) {
          verificationKeys.delete(kid);
          return undefined;
        }
        const jwk = key as unknown as JWK;
        verificationKeys.set(kid, { jwk, checkedAt: Date.now() });
        return jwk;
      },
      (error: unknown) => {
        // Plaid out of reach: a key confirmed before stays good; nothing else is remembered.
        if (error instanceof BankProviderError && error.code === 'unavailable') return cached?.jwk;
        verificationKeys.delete(kid);
        if (unknownKids.size >= MAX_UNKNOWN_KIDS) unknownKids.clear();
        unknownKids.set(kid, Date.now() + UNKNOWN_KID_TTL_MS);
        return undefined;
      },
    );
    lookups.set(kid, lookup);
    try {
      return await lookup;
    } finally {
      lookups.delete(kid);
    }
  }

  return {
    linkKind: 'plaid',
    webOrigins: PLAID_LINK_ORIGINS,

    async createLinkToken(request) {
      const data = await call(() =>
        client.linkTokenCreate({
          user: { client_user_id: request.clientUserRef },
          client_name: config.clientName ?? 'Billow',
          country_codes: [CountryCode.Us],
          language: 'en',
          ...(request.transferAuthorizationId
            ? // Plaid: the authorization names the item, so no access token is sent with it.
              { transfer: { authorization_id: request.transferAuthorizationId } }
            : request.accessToken
              ? {
                  access_token: request.accessToken,
                  ...(request.isTransferConsent
                    ? { additional_consented_products: [Products.Transfer] }
                    : {}),
                }
              : {
                  products: [Products.Transactions],
                  transactions: { days_requested: 730 },
                  ...(config.withTransfer ? { optional_products: [Products.Transfer] } : {}),
                }),
          ...(config.webhookUrl ? { webhook: config.webhookUrl } : {}),
          ...(config.redirectUri ? { redirect_uri: config.redirectUri } : {}),
        }),
      );
      return { linkToken: data.link_token, expiration: data.expiration };
    },

    async exchangePublicToken(publicToken) {
      const data = await call(() => client.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    async getItem(accessToken) {
      const { item } = await call(() => client.itemGet({ access_token: accessToken }));
      if (!item.institution_id) return { itemId: item.item_id, institution: null };
      const institutionId = item.institution_id;
      const { institution } = await call(() =>
        client.institutionsGetById({
          institution_id: institutionId,
          country_codes: [CountryCode.Us],
          options: { include_optional_metadata: true },
        }),
      );
      return {
        itemId: item.item_id,
        institution: { institutionId, name: institution.name, domain: domainOf(institution.url) },
      };
    },

    async getAccounts(accessToken): Promise<BankAccount[]> {
      const { accounts } = await call(() => client.accountsGet({ access_token: accessToken }));
      return accounts.map((account) => ({
        accountId: account.account_id,
        name: account.name,
        officialName: account.official_name ?? null,
        mask: account.mask ?? null,
        type: ACCOUNT_TYPES.includes(account.type as BankAccountType)
          ? (account.type as BankAccountType)
          : 'other',
        subtype: account.subtype ?? null,
        balances: {
          current: account.balances.current ?? null,
          available: account.balances.available ?? null,
          isoCurrencyCode: account.balances.iso_currency_code ?? null,
        },
      }));
    },

    async syncTransactions(accessToken, cursor) {
      const data = await call(() =>
        client.transactionsSync({
          access_token: accessToken,
          count: 500,
          ...(cursor ? { cursor } : {}),
          // The bank's own words: detection reads raw descriptors, not Plaid's cleaned `name`.
          options: { include_original_description: true },
        }),
      );
      return {
        added: data.added.map(toTransaction),
        modified: data.modified.map(toTransaction),
        removed: data.removed.map((r) => ({
          transactionId: r.transaction_id,
          accountId: r.account_id,
        })),
        nextCursor: data.next_cursor,
        hasMore: data.has_more,
        isReady: data.transactions_update_status !== 'NOT_READY',
      };
    },

    async removeItem(accessToken) {
      await call(() => client.itemRemove({ access_token: accessToken }));
    },

    async parseWebhook(rawBody, headers): Promise<BankWebhook | undefined> {
      const token = headers['plaid-verification'];
      if (typeof token !== 'string') return undefined;
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg !== 'ES256' || !header.kid) return undefined;
        const jwk = await verificationKey(header.kid);
        if (!jwk) return undefined;
        const key = await importJWK(jwk, 'ES256');
        const { payload } = await jwtVerify(token, key, {
          maxTokenAge: '5 min',
          clockTolerance: CLOCK_SKEW,
          algorithms: ['ES256'],
        });
        const digest = crypto.createHash('sha256').update(rawBody).digest('hex');
        const claimed = String(payload.request_body_sha256 ?? '');
        if (
          claimed.length !== digest.length ||
          !crypto.timingSafeEqual(Buffer.from(claimed), Buffer.from(digest))
        ) {
          return undefined;
        }
      } catch {
        return undefined;
      }
      return readPlaidWebhook(JSON.parse(rawBody) as Record<string, unknown>);
    },
  };
}

/** Plaid's webhook body, read into the port's few kinds. */
function readPlaidWebhook(body: Record<string, unknown>): BankWebhook {
  const itemId = typeof body.item_id === 'string' ? body.item_id : null;
  const type = String(body.webhook_type ?? '');
  const code = String(body.webhook_code ?? '');
  const errorCode = (body.error as { error_code?: string } | null | undefined)?.error_code;
  // Plaid Transfer's notice names no item: it says /transfer/event/sync has something new.
  if (type === 'TRANSFER' && code === 'TRANSFER_EVENTS_UPDATE')
    return { kind: 'transfer-events-update', itemId: null };
  if (!itemId) return { kind: 'ignored', itemId: null, code: `${type}:${code}` };
  if (type === 'TRANSACTIONS' && code === 'SYNC_UPDATES_AVAILABLE')
    return { kind: 'sync-updates-available', itemId };
  if (type === 'ITEM' && code === 'USER_PERMISSION_REVOKED')
    return { kind: 'access-revoked', itemId };
  if (type === 'ITEM' && code === 'ERROR') {
    // An item error is fixed in Link's update mode (an account access withdrawn too), unless
    // the item itself is gone.
    const gone = plaidError(errorCode ?? 'UNKNOWN', '').code === 'access-revoked';
    return { kind: gone ? 'access-revoked' : 'login-required', itemId };
  }
  if (type === 'ITEM' && code === 'USER_ACCOUNT_REVOKED') return { kind: 'login-required', itemId };
  if (type === 'ITEM' && (code === 'PENDING_DISCONNECT' || code === 'PENDING_EXPIRATION')) {
    return { kind: 'pending-disconnect', itemId };
  }
  if (type === 'ITEM' && code === 'LOGIN_REPAIRED') return { kind: 'login-repaired', itemId };
  return { kind: 'ignored', itemId, code: `${type}:${code}` };
}
