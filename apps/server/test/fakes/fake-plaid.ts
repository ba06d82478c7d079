/**
 * A local stand-in for Plaid's API (https://plaid.com/docs/api/), speaking Plaid's request and
 * response shapes, backed by Billow's sandbox bank so both bank adapters see the same data. It
 * checks client credentials, answers errors in Plaid's error object, and signs webhooks the way
 * Plaid does (ES256 JWT in the Plaid-Verification header, with the body's SHA-256).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { BankProviderError } from '../../src/providers/bank/bank-provider';
import { plaidError } from '../../src/providers/bank/plaid-error-codes';
import type { SandboxBank } from '../../src/providers/bank/sandbox/sandbox-bank';
import { handleOf } from '../debit-handles';
import {
  PaymentProviderError,
  type DeclineRationale,
  type PaymentProvider,
} from '../../src/providers/payment/payment-provider';
import { findInstitution } from '@billow/sandbox-bank';
import { createViolations, vendorApi } from './vendor-apis/vendor-api';

export type FakePlaid = {
  url: string;
  credentials: { clientId: string; secret: string };
  /** Signs and POSTs a webhook to `target`, as Plaid would. */
  sendWebhook(
    target: string,
    body: object,
    options?: { issuedAt?: Date; tamper?: boolean },
  ): Promise<number>;
  signWebhook(body: string, options?: { issuedAt?: Date }): Promise<string>;
  /**
   * A public token for a new item at this institution, through Plaid's sandbox endpoint, with
   * these products consented to (Plaid's `initial_products`; Transactions only by default).
   */
  createPublicToken(institutionId: string, products?: string[]): Promise<string>;
  /**
   * The person finishes Link opened with this link token, as Plaid Link's onSuccess would: a new
   * item's public token (consented to what the token asked for), or, in update mode, nothing to
   * exchange: the item gains the consent asked for, or the authorization's action is done.
   */
  completeLink(linkToken: string, institutionId?: string): Promise<{ publicToken: string | null }>;
  /** Signs with a key id Plaid never issued (a forger guessing key ids). */
  signWebhookWithKid(body: string, kid: string): Promise<string>;
  /** Marks the webhook key as expired (its `expired_at` set), as Plaid does when it rotates. */
  expireKey(): void;
  /** Makes the next request to `path` fail with this Plaid error object. */
  failNext(
    path: string,
    error: { status: number; error_type: string; error_code: string; error_message: string },
  ): void;
  /**
   * Makes the next `count` transaction syncs answer as Plaid does right after a link, before the
   * bank has sent anything: empty, cursor "", status NOT_READY.
   */
  notReadyNext(count: number): void;
  /**
   * Makes the next transfer authorization answer with this decision and rationale code instead
   * of the ledger's (Plaid's `user_action_required`, or a decline for TRANSFER_LIMIT_REACHED).
   * A `user_action_required` item keeps answering it until the person completes Link for that
   * authorization. Only Plaid's own decisions and codes are accepted.
   */
  decideNextAuthorization(decision: 'declined' | 'user_action_required', code: string | null): void;
  /** The body of the last request to `path`, as Billow sent it. */
  lastRequest(path: string): Record<string, unknown> | undefined;
  /** How many requests reached this path (e.g. '/webhook_verification_key/get'). */
  calls(path: string): number;
  /**
   * Holds the next request to `path` unanswered until released (or the fake closes): a test can
   * stop Billow at an exact point, e.g. between the token exchange and the accounts.
   */
  hold(path: string, options?: { afterHandling?: boolean }): HeldRequest;
  /**
   * What this fake saw that Plaid's API description refuses (requests it answered with Plaid's
   * INVALID_REQUEST error, answers or webhooks of a shape Plaid never sends), taken off the list.
   * `close()` throws while any is left.
   */
  takeViolations(): string[];
  close(): Promise<void>;
};

export type HeldRequest = { reached: Promise<void>; release(): void };

type Handler = (body: Record<string, unknown>) => Promise<object>;

/** A transaction's `location` and `payment_meta` when the bank said nothing: every field null. */
const NO_LOCATION = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};
const NO_PAYMENT_META = {
  reference_number: null,
  ppd_id: null,
  payee: null,
  by_order_of: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  reason: null,
};

/** Plaid's webhook bodies by type and code, as its API description names them. */
const WEBHOOK_SCHEMAS: Record<string, string> = {
  'TRANSACTIONS:SYNC_UPDATES_AVAILABLE': 'SyncUpdatesAvailableWebhook',
  'ITEM:ERROR': 'ItemErrorWebhook',
  'ITEM:LOGIN_REPAIRED': 'ItemLoginRepairedWebhook',
  'ITEM:PENDING_EXPIRATION': 'PendingExpirationWebhook',
  'ITEM:PENDING_DISCONNECT': 'PendingDisconnectWebhook',
  'ITEM:USER_PERMISSION_REVOKED': 'UserPermissionRevokedWebhook',
  'ITEM:USER_ACCOUNT_REVOKED': 'UserAccountRevokedWebhook',
  'TRANSFER:TRANSFER_EVENTS_UPDATE': 'TransferEventsUpdateWebhook',
};

const ENVIRONMENT = { environment: 'sandbox' } as const;
const itemError = (code: string, message: string, type = 'ITEM_ERROR') => ({
  error_type: type,
  error_code: code,
  error_message: message,
  display_message: null,
});

/**
 * Plaid's webhook bodies with every field its description requires, for tests to send
 * (https://plaid.com/docs/api/items/#webhooks, /products/transactions/#sync_updates_available).
 */
export const plaidWebhook = {
  syncUpdatesAvailable: (itemId: string, progress = { initial: true, historical: true }) => ({
    webhook_type: 'TRANSACTIONS',
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
    item_id: itemId,
    initial_update_complete: progress.initial,
    historical_update_complete: progress.historical,
    ...ENVIRONMENT,
  }),
  itemError: (itemId: string, errorCode: string) => ({
    webhook_type: 'ITEM',
    webhook_code: 'ERROR',
    item_id: itemId,
    error: itemError(errorCode, `the item is in error: ${errorCode}`),
    ...ENVIRONMENT,
  }),
  loginRepaired: (itemId: string) => ({
    webhook_type: 'ITEM',
    webhook_code: 'LOGIN_REPAIRED',
    item_id: itemId,
    ...ENVIRONMENT,
  }),
  pendingDisconnect: (itemId: string) => ({
    webhook_type: 'ITEM',
    webhook_code: 'PENDING_DISCONNECT',
    item_id: itemId,
    reason: 'INSTITUTION_TOKEN_EXPIRATION',
    disconnect_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    ...ENVIRONMENT,
  }),
  userPermissionRevoked: (itemId: string) => ({
    webhook_type: 'ITEM',
    webhook_code: 'USER_PERMISSION_REVOKED',
    item_id: itemId,
    error: itemError(
      'USER_PERMISSION_REVOKED',
      'the holder of this account has revoked their permission for your application to access it',
    ),
    ...ENVIRONMENT,
  }),
  transferEventsUpdate: () => ({
    webhook_type: 'TRANSFER',
    webhook_code: 'TRANSFER_EVENTS_UPDATE',
    ...ENVIRONMENT,
  }),
};

/** The type Plaid files each error code under (https://plaid.com/docs/errors/); else ITEM_ERROR. */
const ERROR_TYPES: Record<string, string> = {
  INVALID_PUBLIC_TOKEN: 'INVALID_INPUT',
  INVALID_ACCESS_TOKEN: 'INVALID_INPUT',
  INVALID_LINK_TOKEN: 'INVALID_INPUT',
  INVALID_INSTITUTION: 'INVALID_INPUT',
  INVALID_WEBHOOK_VERIFICATION_KEY_ID: 'INVALID_INPUT',
  INVALID_FIELD: 'INVALID_REQUEST',
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: 'TRANSACTIONS_ERROR',
  INTERNAL_SERVER_ERROR: 'API_ERROR',
};

/**
 * Plaid's answer to a request its API refuses
 * (https://plaid.com/docs/errors/invalid-request/): the first kind of problem names the code.
 */
function invalidRequest(problems: string[]) {
  const code = problems.some((p) => p.includes('must have required property'))
    ? 'MISSING_FIELDS'
    : problems.some((p) => p.includes('unevaluated properties'))
      ? 'UNKNOWN_FIELDS'
      : 'INVALID_FIELD';
  return {
    error_type: 'INVALID_REQUEST',
    error_code: code,
    error_message: problems.join('; '),
    display_message: null,
  };
}

/**
 * With a payment ledger, the fake also speaks Plaid Transfer
 * (https://plaid.com/docs/api/products/transfer/): authorization, transfer and event sync.
 */
export async function startFakePlaid(
  bank: SandboxBank,
  options: { ledger?: PaymentProvider } = {},
): Promise<FakePlaid> {
  const credentials = { clientId: 'fake-plaid-client-id', secret: 'fake-plaid-secret-123' };
  const plaidApi = vendorApi('plaid');
  const violations = createViolations('Plaid');
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const kid = crypto.randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const requestId = () => crypto.randomBytes(8).toString('hex');
  const callCounts = new Map<string, number>();
  const holds = new Map<
    string,
    { arrived: () => void; gate: Promise<void>; release: () => void; afterHandling: boolean }
  >();
  const released: (() => void)[] = [];
  let keyExpiredAt: number | null = null;
  let notReadySyncs = 0;
  const failures = new Map<
    string,
    { status: number; error_type: string; error_code: string; error_message: string }
  >();

  /** Plaid's Item object (https://plaid.com/docs/api/items/#item-get-response-item). */
  async function itemOf(accessToken: string) {
    const { itemId, institution } = await bank.getItem(accessToken);
    return {
      item_id: itemId,
      institution_id: institution?.institutionId ?? null,
      webhook: '',
      error: null,
      available_products: [],
      billed_products: ['transactions'],
      products: ['transactions'],
      consent_expiration_time: null,
      update_type: 'background',
    };
  }

  const nextDecision: TransferDecisionOverride = { value: null };
  const lastRequests = new Map<string, Record<string, unknown>>();
  const consent: Consent = {
    ofItem: new Map(),
    ofPublicToken: new Map(),
    actionRequired: new Map(),
  };
  const linkSessions = new Map<string, LinkSession>();
  const transfers = options.ledger
    ? transferHandlers(options.ledger, nextDecision, consent, bank)
    : {};
  const handlers: Record<string, Handler> = {
    ...transfers,
    '/link/token/create': async (body) => {
      const user = body.user as { client_user_id: string };
      const transfer = body.transfer as { authorization_id?: unknown } | undefined;
      const listed = (field: string) =>
        Array.isArray(body[field]) ? (body[field] as unknown[]).map(String) : [];
      let session: LinkSession;
      let accessToken: string | undefined;
      if (transfer?.authorization_id !== undefined) {
        // Plaid: Link for an authorization that answered user_action_required; no access token.
        const authorizationId = String(transfer.authorization_id);
        const pending = [...consent.actionRequired].find(([, id]) => id === authorizationId);
        if (!pending) throw invalidField('transfer.authorization_id is not awaiting a user action');
        session = { kind: 'authorization', authorizationId, itemId: pending[0] };
        accessToken = undefined;
      } else if (typeof body.access_token === 'string') {
        // Update mode: Plaid wants `products` left out (credit products aside).
        if (listed('products').length > 0)
          throw invalidField('products must be omitted in update mode');
        accessToken = body.access_token;
        const { itemId } = await bank.getItem(accessToken);
        session = { kind: 'update', itemId, consentTo: listed('additional_consented_products') };
      } else {
        const products = listed('products');
        if (products.length === 0) throw invalidField('products must list at least one product');
        session = {
          kind: 'new',
          products: [
            ...products,
            ...listed('optional_products'),
            ...listed('required_if_supported_products'),
            ...listed('additional_consented_products'),
          ],
        };
      }
      const token = await bank.createLinkToken({
        clientUserRef: user.client_user_id,
        ...(accessToken ? { accessToken } : {}),
      });
      linkSessions.set(token.linkToken, session);
      return { link_token: token.linkToken, expiration: token.expiration };
    },
    '/item/public_token/exchange': async (body) => {
      const publicToken = String(body.public_token);
      const { accessToken, itemId } = await bank.exchangePublicToken(publicToken);
      // The item holds the consent given when it was linked (update mode keeps the item's own).
      if (!consent.ofItem.has(itemId))
        consent.ofItem.set(itemId, consent.ofPublicToken.get(publicToken) ?? ['transactions']);
      return { access_token: accessToken, item_id: itemId };
    },
    '/item/get': async (body) => ({ item: await itemOf(String(body.access_token)), status: null }),
    '/institutions/get_by_id': async (body) => {
      const institution = findInstitution(String(body.institution_id));
      if (!institution) throw plaidError('INVALID_INSTITUTION', 'invalid institution_id provided');
      return {
        institution: {
          institution_id: institution.institution_id,
          name: institution.name,
          products: ['transactions'],
          country_codes: ['US'],
          url: `https://www.${institution.domain}`,
          primary_color: institution.primaryColor,
          logo: null,
          routing_numbers: [],
          oauth: institution.oauth,
        },
      };
    },
    '/accounts/get': async (body) => {
      const accounts = await bank.getAccounts(String(body.access_token));
      return {
        accounts: accounts.map((a) => ({
          account_id: a.accountId,
          balances: {
            available: a.balances.available,
            current: a.balances.current,
            iso_currency_code: a.balances.isoCurrencyCode,
            limit: null,
            unofficial_currency_code: null,
          },
          mask: a.mask,
          name: a.name,
          official_name: a.officialName,
          type: a.type,
          subtype: a.subtype,
        })),
        item: await itemOf(String(body.access_token)),
      };
    },
    '/transactions/sync': async (body) => {
      if (notReadySyncs > 0) {
        notReadySyncs--;
        return {
          added: [],
          modified: [],
          removed: [],
          next_cursor: '',
          has_more: false,
          transactions_update_status: 'NOT_READY',
          accounts: [],
        };
      }
      const page = await bank.syncTransactions(
        String(body.access_token),
        typeof body.cursor === 'string' ? body.cursor : null,
      );
      // Plaid's `name` is its cleaned-up label; the bank's own words come only when asked for.
      const withOriginal =
        (body.options as { include_original_description?: boolean } | undefined)
          ?.include_original_description === true;
      const toPlaid = (t: (typeof page.added)[number]) => ({
        transaction_id: t.transactionId,
        account_id: t.accountId,
        account_owner: null,
        amount: t.amount,
        iso_currency_code: t.isoCurrencyCode,
        unofficial_currency_code: null,
        date: t.date,
        datetime: null,
        authorized_date: t.authorizedDate,
        authorized_datetime: null,
        name: t.merchantName ?? t.name,
        original_description: withOriginal ? t.name : null,
        merchant_name: t.merchantName,
        location: NO_LOCATION,
        payment_meta: NO_PAYMENT_META,
        pending: t.pending,
        pending_transaction_id: t.pendingTransactionId,
        payment_channel: 'other',
        transaction_code: null,
      });
      return {
        added: page.added.map(toPlaid),
        modified: page.modified.map(toPlaid),
        removed: page.removed.map((r) => ({
          transaction_id: r.transactionId,
          account_id: r.accountId,
        })),
        next_cursor: page.nextCursor,
        has_more: page.hasMore,
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
        accounts: [],
      };
    },
    '/item/remove': async (body) => {
      await bank.removeItem(String(body.access_token));
      return {};
    },
    '/webhook_verification_key/get': async (body) => {
      if (body.key_id !== kid)
        throw plaidError('INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided');
      return { key: { ...publicJwk, created_at: 1_700_000_000, expired_at: keyExpiredAt } };
    },
    '/sandbox/public_token/create': async (body) => {
      if (!Array.isArray(body.initial_products) || body.initial_products.length === 0)
        throw plaidError('INVALID_FIELD', 'initial_products must list at least one product');
      const initialProducts = (body.initial_products as unknown[]).map(String);
      // Plaid's sandbox items hold the products asked for in `initial_products`.
      const withConsent = (created: { public_token: string }) => {
        consent.ofPublicToken.set(created.public_token, initialProducts);
        return created;
      };
      const options = (body.options ?? {}) as {
        override_username?: string;
        override_password?: string;
      };
      // Plaid's custom users: username 'user_custom', the configuration JSON as the password.
      if (options.override_username === 'user_custom') {
        const custom = JSON.parse(options.override_password ?? '{}') as {
          override_accounts?: unknown[];
        };
        return withConsent(
          await bank.createPublicToken({
            institution_id: String(body.institution_id),
            override_accounts: custom.override_accounts,
          }),
        );
      }
      return withConsent(
        await bank.createPublicToken({
          institution_id: String(body.institution_id),
          persona: options.override_username === 'user_family' ? 'family' : 'default',
        }),
      );
    },
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const send = (status: number, answer: object) => {
        const full = { ...answer, request_id: requestId() };
        violations.record(
          `answer ${status} to ${path}`,
          status === 200
            ? plaidApi.checkResponse('POST', path, status, full)
            : plaidApi.checkSchema('PlaidError', full),
        );
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(full));
      };
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const clientId = request.headers['plaid-client-id'] ?? body.client_id;
      const secret = request.headers['plaid-secret'] ?? body.secret;
      if (clientId !== credentials.clientId || secret !== credentials.secret) {
        return send(400, {
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_API_KEYS',
          error_message: 'invalid client_id or secret provided',
          display_message: null,
        });
      }
      callCounts.set(path, (callCounts.get(path) ?? 0) + 1);
      lastRequests.set(path, body);
      const handler = handlers[path];
      if (!handler)
        return send(404, {
          error_type: 'INVALID_REQUEST',
          error_code: 'NOT_FOUND',
          error_message: 'not found',
          display_message: null,
        });
      const refused = plaidApi.checkRequest('POST', path, body);
      if (refused.length > 0) {
        violations.record(`request to ${path}`, refused);
        return send(400, invalidRequest(refused));
      }
      const failure = failures.get(path);
      if (failure) {
        failures.delete(path);
        const { status, ...error } = failure;
        return send(status, { ...error, display_message: null });
      }
      const held = holds.get(path);
      holds.delete(path);
      const before = held && !held.afterHandling ? held : undefined;
      const after = held?.afterHandling ? held : undefined;
      before?.arrived();
      (before?.gate ?? Promise.resolve())
        .then(() => handler(body))
        .then(async (result) => {
          // Held after handling: Plaid did the work, but its answer has not left yet.
          after?.arrived();
          await after?.gate;
          return result;
        })
        .then(
          (result) => send(200, result),
          (error: unknown) => {
            const code =
              error instanceof BankProviderError || error instanceof PaymentProviderError
                ? error.vendorCode
                : 'INTERNAL_SERVER_ERROR';
            const message = error instanceof Error ? error.message : String(error);
            send(code === 'INTERNAL_SERVER_ERROR' ? 500 : 400, {
              error_type: ERROR_TYPES[code] ?? 'ITEM_ERROR',
              error_code: code,
              error_message: message,
              display_message: null,
            });
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A webhook body Plaid would send (checked when its type and code are ones Billow reads). */
  function checkWebhook(body: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return; // a test's deliberately broken body
    }
    const { webhook_type: type, webhook_code: code } = (parsed ?? {}) as Record<string, unknown>;
    const schema = WEBHOOK_SCHEMAS[`${String(type)}:${String(code)}`];
    if (schema) violations.record(`webhook ${schema}`, plaidApi.checkSchema(schema, parsed));
  }

  async function signWebhook(body: string, options: { issuedAt?: Date; kid?: string } = {}) {
    checkWebhook(body);
    const issuedAt = Math.floor((options.issuedAt ?? new Date()).getTime() / 1000);
    return new SignJWT({
      request_body_sha256: crypto.createHash('sha256').update(body).digest('hex'),
    })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? kid, typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .sign(privateKey);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    signWebhook,
    async completeLink(linkToken, institutionId = 'ins_sbx_citi') {
      const session = linkSessions.get(linkToken);
      if (!session) throw new Error(`no Link session for ${linkToken}`);
      linkSessions.delete(linkToken);
      if (session.kind === 'new') {
        const { public_token } = await bank.createPublicToken({ institution_id: institutionId });
        consent.ofPublicToken.set(public_token, session.products);
        return { publicToken: public_token };
      }
      if (session.kind === 'update') {
        const had = consent.ofItem.get(session.itemId) ?? [];
        consent.ofItem.set(session.itemId, [...new Set([...had, ...session.consentTo])]);
      } else {
        consent.actionRequired.delete(session.itemId);
      }
      return { publicToken: null };
    },
    async createPublicToken(institutionId, products = ['transactions']) {
      const response = await fetch(`http://127.0.0.1:${port}/sandbox/public_token/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: credentials.clientId,
          secret: credentials.secret,
          institution_id: institutionId,
          initial_products: products,
        }),
      });
      return ((await response.json()) as { public_token: string }).public_token;
    },
    signWebhookWithKid: (body, otherKid) => signWebhook(body, { kid: otherKid }),
    calls: (path) => callCounts.get(path) ?? 0,
    expireKey: () => {
      keyExpiredAt = Math.floor(Date.now() / 1000);
    },
    failNext: (path, error) => failures.set(path, error),
    decideNextAuthorization: (decision, code) => {
      if (code !== null && !DECISION_RATIONALE_CODES.has(code))
        throw new Error(`Plaid has no decision rationale code ${code}`);
      nextDecision.value = { decision, code };
    },
    lastRequest: (path) => lastRequests.get(path),
    notReadyNext: (count) => {
      notReadySyncs = count;
    },
    hold(path, holdOptions = {}) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.set(path, {
        arrived,
        gate,
        release,
        afterHandling: holdOptions.afterHandling ?? false,
      });
      released.push(release);
      return { reached, release };
    },
    async sendWebhook(target, body, options = {}) {
      const text = JSON.stringify(body);
      const signature = await signWebhook(text, options);
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-verification': signature },
        body: options.tamper ? text.replace('}', ',"tampered":true}') : text,
      });
      return response.status;
    },
    takeViolations: () => violations.take(),
    async close() {
      for (const release of released) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      violations.assertNone();
    },
  };
}

const invalidField = (message: string) => new PaymentProviderError(message, 'INVALID_FIELD');

function plaidCodeOf(rationale: DeclineRationale): string {
  const code = PLAID_CODE_OF[rationale];
  if (!code) throw new Error(`Plaid has no decision rationale code for ${rationale}`);
  return code;
}

/** Plaid's amounts are decimal strings with two places. */
function centsOf(amount: unknown): number {
  if (typeof amount !== 'string' || !/^\d+\.\d{2}$/.test(amount))
    throw invalidField('amount must be a decimal string with two places');
  return Math.round(Number(amount) * 100);
}

/**
 * What each item was consented to when it was linked (products asked for at link time), what a
 * sandbox public token will carry, and the items whose authorizations wait for a user action
 * (item id → that authorization's id).
 */
type Consent = {
  ofItem: Map<string, string[]>;
  ofPublicToken: Map<string, string[]>;
  actionRequired: Map<string, string>;
};

/** A Link session the fake opened: a new item, update mode, or a transfer authorization. */
type LinkSession =
  | { kind: 'new'; products: string[] }
  | { kind: 'update'; itemId: string; consentTo: string[] }
  | { kind: 'authorization'; authorizationId: string; itemId: string };

/** Plaid's decision rationale codes (TransferAuthorizationDecisionRationaleCode). */
const DECISION_RATIONALE_CODES = new Set([
  'NSF',
  'RISK',
  'TRANSFER_LIMIT_REACHED',
  'MANUALLY_VERIFIED_ITEM',
  'ITEM_LOGIN_REQUIRED',
  'PAYMENT_PROFILE_LOGIN_REQUIRED',
  'ERROR',
  'MIGRATED_ACCOUNT_ITEM',
  'ADMIN',
  'FRAUD',
]);

/** What a ledger's decline reads as in Plaid's codes; a reason Plaid has no code for is refused. */
const PLAID_CODE_OF: Partial<Record<DeclineRationale, string>> = {
  NSF: 'NSF',
  RISK: 'RISK',
  LIMIT_REACHED: 'TRANSFER_LIMIT_REACHED',
  OTHER: 'ERROR',
};

type TransferDecisionOverride = {
  value: { decision: 'declined' | 'user_action_required'; code: string | null } | null;
};

/** Plaid's ACH classes (https://plaid.com/docs/api/products/transfer/initiating-transfers/). */
const ACH_CLASSES = new Set(['ccd', 'ppd', 'tel', 'web']);

/** The person on a transfer as Plaid answers it: the name Billow gave, nothing else known. */
function userInResponse(legalName: string) {
  return { legal_name: legalName, phone_number: null, email_address: null, address: null };
}

function transferHandlers(
  ledger: PaymentProvider,
  nextDecision: TransferDecisionOverride,
  consent: Consent,
  bank: SandboxBank,
): Record<string, Handler> {
  const authorizations = new Map<
    string,
    { amountCents: number; legalName: string; accountId: string }
  >();
  const transfers = new Map<string, { accountId: string }>();
  const proposedTransfer = (body: Record<string, unknown>, legalName: string) => ({
    ach_class: body.ach_class,
    account_id: body.account_id,
    funding_account_id: null,
    type: body.type,
    user: userInResponse(legalName),
    amount: body.amount,
    network: 'ach',
    iso_currency_code: 'USD',
    origination_account_id: '',
    originator_client_id: null,
    credit_funds_source: null,
  });
  return {
    '/transfer/authorization/create': async (body) => {
      if (body.type !== 'debit' && body.type !== 'credit') throw invalidField('type is required');
      if (body.network !== 'ach') throw invalidField('network must be ach here');
      if (!ACH_CLASSES.has(String(body.ach_class)))
        throw invalidField('ach_class is required for ACH transfers');
      const user = body.user as { legal_name?: string } | undefined;
      const legalName = user?.legal_name ?? '';
      const { itemId } = await bank.getItem(String(body.access_token));
      // Plaid: Transfer must have been consented to when the item was linked (or since, in
      // update mode); without it every authorization is refused.
      if (!consent.ofItem.get(itemId)?.includes('transfer'))
        throw new PaymentProviderError(
          'the end user has not consented to the transfer product for this item',
          'ADDITIONAL_CONSENT_REQUIRED',
        );
      const override = nextDecision.value;
      nextDecision.value = null;
      const waiting = consent.actionRequired.has(itemId);
      if (override || waiting) {
        const id = crypto.randomUUID();
        const decision = override?.decision ?? 'user_action_required';
        // The item keeps needing the person until Link runs for this authorization.
        if (decision === 'user_action_required') consent.actionRequired.set(itemId, id);
        const code = override?.code ?? null;
        return {
          authorization: {
            id,
            created: new Date().toISOString(),
            decision,
            decision_rationale: code ? { code, description: `Decision ${code}` } : null,
            guarantee_decision: null,
            guarantee_decision_rationale: null,
            payment_risk: null,
            proposed_transfer: proposedTransfer(body, legalName),
          },
        };
      }
      if (!legalName) throw invalidField('user.legal_name is required');
      const amountCents = centsOf(body.amount);
      const decision = await ledger.authorizeDebit({
        account: handleOf({
          accessToken: String(body.access_token),
          accountId: String(body.account_id),
        }),
        amountCents,
        idempotencyKey: String(body.idempotency_key ?? crypto.randomUUID()),
        legalName,
      });
      const id = decision.decision === 'approved' ? decision.authorizationId : crypto.randomUUID();
      authorizations.set(id, { amountCents, legalName, accountId: String(body.account_id) });
      return {
        authorization: {
          id,
          created: new Date().toISOString(),
          decision: decision.decision,
          decision_rationale:
            decision.decision === 'declined'
              ? { code: plaidCodeOf(decision.rationale), description: decision.description }
              : null,
          guarantee_decision: null,
          guarantee_decision_rationale: null,
          payment_risk: null,
          proposed_transfer: proposedTransfer(body, legalName),
        },
      };
    },
    '/transfer/create': async (body) => {
      // Plaid: at most 10 characters on ACH (15 is for RTP).
      if (typeof body.description !== 'string' || body.description.length > 10)
        throw invalidField('description must be at most 10 characters for ACH transfers');
      const authorizationId = String(body.authorization_id);
      const authorization = authorizations.get(authorizationId);
      const amountCents =
        body.amount !== undefined ? centsOf(body.amount) : authorization?.amountCents;
      if (amountCents === undefined) throw invalidField('unknown authorization_id');
      const { transferId } = await ledger.createDebit({
        account: handleOf({
          accessToken: String(body.access_token),
          accountId: String(body.account_id),
        }),
        amountCents,
        authorizationId,
        idempotencyKey: String(body.idempotency_key ?? crypto.randomUUID()),
        description: body.description,
        legalName: authorization?.legalName ?? '',
      });
      transfers.set(transferId, { accountId: String(body.account_id) });
      return {
        transfer: {
          id: transferId,
          authorization_id: authorizationId,
          ach_class: 'web',
          account_id: body.account_id,
          funding_account_id: null,
          type: 'debit',
          user: userInResponse(authorization?.legalName ?? ''),
          amount: (amountCents / 100).toFixed(2),
          description: body.description,
          created: new Date().toISOString(),
          refunds: [],
          status: 'pending',
          network: 'ach',
          cancellable: true,
          guarantee_decision: null,
          guarantee_decision_rationale: null,
          failure_reason: null,
          metadata: null,
          origination_account_id: '',
          iso_currency_code: 'USD',
          standard_return_window: null,
          unauthorized_return_window: null,
          expected_settlement_date: null,
          originator_client_id: null,
          recurring_transfer_id: null,
          credit_funds_source: null,
        },
      };
    },
    '/transfer/event/sync': async (body) => {
      if (typeof body.after_id !== 'number') throw invalidField('after_id is required');
      const { events, hasMore } = await ledger.syncEvents(body.after_id);
      return {
        has_more: hasMore,
        transfer_events: events.map((event) => ({
          event_id: event.eventId,
          timestamp: event.timestamp,
          event_type: event.type,
          account_id: transfers.get(event.transferId)?.accountId,
          transfer_id: event.transferId,
          transfer_type: 'debit',
          // `ach_return_code` is deprecated: Plaid documents `failure_code` as the field to read.
          failure_reason: event.returnCode
            ? {
                failure_code: event.returnCode,
                ach_return_code: null,
                description: 'Insufficient funds',
              }
            : null,
          sweep_id: null,
          sweep_amount: null,
          refund_id: null,
          originator_client_id: null,
          funding_account_id: null,
          origination_account_id: null,
        })),
      };
    },
  };
}
