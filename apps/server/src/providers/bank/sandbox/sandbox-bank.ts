/**
 * The sandbox bank: a Plaid-compatible bank that runs offline. It implements the BankProvider
 * port the way Plaid's sandbox behaves (link tokens, public tokens, items, cursor-based sync with
 * pending → posted, ITEM_LOGIN_REQUIRED after a reset), and also serves the steps of the Link
 * dialog (institution, credentials, MFA, OAuth, account choice) that Plaid Link would run.
 * Histories come from ./data: built-in personas or Plaid "custom users" (override_accounts).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SandboxLoginResponse } from '@billow/contracts';
import type { Db } from '../../../db/database';
import {
  BankProviderError,
  SYNC_MUTATION_DURING_PAGINATION,
  type BankAccount,
  type BankProvider,
  type BankWebhook,
  type SyncPage,
} from '../bank-provider';
import {
  checkSandboxCredentials,
  checkSandboxMfaCode,
  customUserAccounts,
  findInstitution,
  generatePersonaAccounts,
  isPersonaId,
  overrideAccountsSchema,
  sandboxInstitutions,
  searchInstitutions,
  type SandboxAccount,
  type SandboxInstitution,
} from './data';
import {
  sandboxItems,
  sandboxLinkTokens,
  sandboxPublicTokens,
  type SandboxItemSpec,
} from './sandbox-bank.schema';
import { addDays, diff, HISTORY_DAYS, isoDay, snapshot } from './snapshot';

const PAGE_SIZE = 250;
const LINK_TOKEN_TTL_MS = 4 * 3600_000;
const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;
/** Charges post up to this many days after they are authorised. */
const POSTING_LAG_DAYS = 3;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const randomId = () => crypto.randomBytes(12).toString('hex');

type Cursor = { have: string | null; target?: string; offset?: number };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(raw: string | null): Cursor {
  if (!raw) return { have: null };
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
  } catch {
    throw new BankProviderError('INVALID_FIELD', 'cursor is not valid');
  }
}

export type LinkLogin = {
  link_token: string;
  institution_id: string;
  username?: string | undefined;
  password?: string | undefined;
  mfa_code?: string | undefined;
  oauth_state_id?: string | undefined;
};

export type SandboxBank = BankProvider & ReturnType<typeof sandboxOperations>;

type Deps = {
  db: Db;
  clock?: () => Date;
  deliverWebhook?: (webhook: BankWebhook) => Promise<void>;
};

function sandboxOperations(deps: Deps, internals: Internals) {
  const now = deps.clock ?? (() => new Date());
  const error = (code: string, message: string) => ({
    status: 'error' as const,
    error: { error_code: code, error_message: message },
  });

  async function checkLinkToken(linkToken: string) {
    const [row] = await deps.db
      .select()
      .from(sandboxLinkTokens)
      .where(eq(sandboxLinkTokens.linkToken, linkToken))
      .limit(1);
    return row && row.expiresAt > now() ? row : undefined;
  }

  /** Runs the Link steps up to account choice; the same checks guard `complete`. */
  async function login(input: LinkLogin): Promise<{
    response: SandboxLoginResponse;
    spec?: SandboxItemSpec;
    seed?: string;
    updateItemId?: string | null;
  }> {
    const link = await checkLinkToken(input.link_token);
    if (!link)
      return { response: error('INVALID_LINK_TOKEN', 'link token is invalid or has expired') };
    const institution = findInstitution(input.institution_id);
    if (!institution)
      return { response: error('INSTITUTION_NOT_FOUND', 'this institution is not supported') };

    let persona: string;
    if (institution.oauth) {
      const state = readOauthState(input.oauth_state_id);
      if (
        !state ||
        state.linkToken !== input.link_token ||
        state.institutionId !== institution.institution_id
      ) {
        return {
          response: error(
            'INVALID_OAUTH_STATE',
            'the bank sign-in did not complete; please try again',
          ),
        };
      }
      persona = 'default';
    } else {
      const checked = checkSandboxCredentials(input.username ?? '', input.password ?? '');
      if (!checked.ok) return { response: error(checked.error_code, checked.error_message) };
      const needsCode = Boolean(checked.mfa) || institution.mfa;
      if (needsCode && !input.mfa_code)
        return { response: { status: 'mfa_required', mfa: { type: 'device' } } };
      if (needsCode) {
        const mfa = checkSandboxMfaCode(input.mfa_code ?? '');
        if (!mfa.ok) return { response: error(mfa.error_code, mfa.error_message) };
      }
      persona = checked.persona;
    }
    const seed = hash(
      `${input.link_token}|${institution.institution_id}|${input.username ?? 'oauth'}`,
    ).slice(0, 16);
    const spec: SandboxItemSpec = {
      institutionId: institution.institution_id,
      persona,
      overrideAccounts: null,
      accountKeys: null,
    };
    const accounts = internals.accountsFor(spec, seed, isoDay(now()));
    return {
      response: {
        status: 'ok',
        accounts: accounts.map((a) => ({
          key: a.key,
          name: a.name,
          mask: a.mask,
          type: a.type,
          subtype: a.subtype,
        })),
      },
      spec,
      seed,
      updateItemId: link.updateItemId,
    };
  }

  async function issuePublicToken(
    spec: SandboxItemSpec,
    seed: string,
    updateItemId: string | null,
  ) {
    const publicToken = `public-sandbox-${crypto.randomUUID()}`;
    await deps.db.insert(sandboxPublicTokens).values({
      publicToken,
      spec: { ...spec, seed } as SandboxItemSpec & { seed: string },
      updateItemId,
      expiresAt: new Date(now().getTime() + PUBLIC_TOKEN_TTL_MS),
    });
    return publicToken;
  }

  return {
    institutions(query?: string): readonly SandboxInstitution[] {
      return query ? searchInstitutions(query) : sandboxInstitutions;
    },

    async login(input: LinkLogin): Promise<SandboxLoginResponse> {
      return (await login(input)).response;
    },

    async startOauth(input: { link_token: string; institution_id: string }) {
      const link = await checkLinkToken(input.link_token);
      const institution = findInstitution(input.institution_id);
      if (!link || !institution?.oauth)
        throw new BankProviderError('INVALID_LINK_TOKEN', 'link token is invalid or has expired');
      const state = Buffer.from(
        JSON.stringify({ linkToken: input.link_token, institutionId: institution.institution_id }),
      ).toString('base64url');
      const oauthStateId = `oauth-sandbox-${state}`;
      return {
        oauth_state_id: oauthStateId,
        redirect_path: `/plaid-oauth?oauth_state_id=${oauthStateId}`,
      };
    },

    resumeOauth(oauthStateId: string) {
      const state = readOauthState(oauthStateId);
      const institution = state && findInstitution(state.institutionId);
      if (!institution) throw new BankProviderError('INVALID_OAUTH_STATE', 'unknown OAuth state');
      return { institution };
    },

    async complete(input: LinkLogin & { account_keys: string[] }) {
      const result = await login(input);
      if (result.response.status !== 'ok' || !result.spec || !result.seed) {
        const failure =
          result.response.status === 'error'
            ? result.response.error
            : { error_code: 'MFA_REQUIRED', error_message: 'a code is required' };
        throw new BankProviderError(failure.error_code, failure.error_message);
      }
      const chosen = result.response.accounts.filter((a) => input.account_keys.includes(a.key));
      if (chosen.length === 0)
        throw new BankProviderError('NO_ACCOUNTS', 'choose at least one account');
      const spec = { ...result.spec, accountKeys: chosen.map((a) => a.key) };
      const institution = findInstitution(spec.institutionId)!;
      return {
        public_token: await issuePublicToken(spec, result.seed, result.updateItemId ?? null),
        institution: { institution_id: institution.institution_id, name: institution.name },
        accounts: chosen,
      };
    },

    /** Mirrors Plaid's /sandbox/public_token/create: an item without going through Link. */
    async createPublicToken(input: {
      institution_id?: string | undefined;
      persona?: string | undefined;
      override_accounts?: unknown[] | undefined;
    }) {
      const institution =
        findInstitution(input.institution_id ?? '') ??
        sandboxInstitutions.find((i) => !i.oauth && !i.mfa)!;
      if (input.institution_id && !findInstitution(input.institution_id)) {
        throw new BankProviderError(
          'INVALID_INSTITUTION',
          `unknown institution ${input.institution_id}`,
        );
      }
      let overrideAccounts: unknown = null;
      if (input.override_accounts) {
        const parsed = overrideAccountsSchema.safeParse({
          override_accounts: input.override_accounts,
        });
        if (!parsed.success) {
          throw new BankProviderError(
            'INVALID_CONFIGURATION',
            parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
        }
        overrideAccounts = parsed.data.override_accounts;
      }
      const persona = input.persona ?? 'default';
      if (!overrideAccounts && !isPersonaId(persona))
        throw new BankProviderError('INVALID_FIELD', `unknown persona ${persona}`);
      const spec: SandboxItemSpec = {
        institutionId: institution.institution_id,
        persona: overrideAccounts ? null : persona,
        overrideAccounts,
        accountKeys: null,
      };
      return { public_token: await issuePublicToken(spec, randomId(), null) };
    },

    /** Mirrors /sandbox/item/fire_webhook (SYNC_UPDATES_AVAILABLE). */
    async fireSyncWebhook(accessToken: string) {
      const item = await internals.itemOf(accessToken);
      await deps.deliverWebhook?.({ kind: 'sync-updates-available', itemId: item.itemId });
    },

    /** Mirrors /sandbox/item/reset_login: the item needs the person to log in again. */
    async resetLogin(accessToken: string) {
      const item = await internals.itemOf(accessToken);
      await deps.db
        .update(sandboxItems)
        .set({ isLoginRequired: true })
        .where(eq(sandboxItems.itemId, item.itemId));
      await deps.deliverWebhook?.({ kind: 'login-required', itemId: item.itemId });
    },
  };
}

function readOauthState(
  oauthStateId: string | undefined,
): { linkToken: string; institutionId: string } | undefined {
  if (!oauthStateId?.startsWith('oauth-sandbox-')) return undefined;
  try {
    return JSON.parse(
      Buffer.from(oauthStateId.slice('oauth-sandbox-'.length), 'base64url').toString(),
    ) as {
      linkToken: string;
      institutionId: string;
    };
  } catch {
    return undefined;
  }
}

type Internals = {
  accountsFor(
    spec: SandboxItemSpec,
    seed: string,
    asOf: string,
    storyStart?: string,
  ): SandboxAccount[];
  itemOf(accessToken: string): Promise<typeof sandboxItems.$inferSelect>;
};

export function createSandboxBank(deps: Deps): SandboxBank {
  const now = deps.clock ?? (() => new Date());
  const cache = new Map<string, SandboxAccount[]>();

  const internals: Internals = {
    accountsFor(spec, seed, asOf, storyStart) {
      const key = `${seed}|${asOf}|${storyStart ?? ''}|${spec.accountKeys?.join(',') ?? ''}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const all = spec.overrideAccounts
        ? customUserAccounts(
            overrideAccountsSchema.parse({ override_accounts: spec.overrideAccounts }),
            { seed },
          )
        : generatePersonaAccounts(
            isPersonaId(spec.persona ?? '') ? (spec.persona as 'default') : 'default',
            {
              seed,
              start: storyStart ?? addDays(asOf, -HISTORY_DAYS),
              end: addDays(asOf, POSTING_LAG_DAYS),
              storyStart: storyStart ?? addDays(asOf, -HISTORY_DAYS),
            },
          );
      const accounts = spec.accountKeys
        ? all.filter((a) => spec.accountKeys!.includes(a.key))
        : all;
      if (cache.size > 50) cache.delete(cache.keys().next().value!);
      cache.set(key, accounts);
      return accounts;
    },
    async itemOf(accessToken) {
      const [item] = await deps.db
        .select()
        .from(sandboxItems)
        .where(eq(sandboxItems.accessTokenHash, hash(accessToken)))
        .limit(1);
      if (!item)
        throw new BankProviderError(
          'INVALID_ACCESS_TOKEN',
          'provided access token is in an invalid format or has been revoked',
        );
      return item;
    },
  };

  const storyStartOf = (item: typeof sandboxItems.$inferSelect) =>
    addDays(isoDay(item.createdAt), -HISTORY_DAYS);
  const accountsOfItem = (item: typeof sandboxItems.$inferSelect, asOf: string) =>
    internals.accountsFor(item.spec, item.seed, asOf, storyStartOf(item));

  async function liveItem(accessToken: string) {
    const item = await internals.itemOf(accessToken);
    if (item.isLoginRequired) {
      throw new BankProviderError(
        'ITEM_LOGIN_REQUIRED',
        'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
      );
    }
    return item;
  }

  const provider: BankProvider = {
    async createLinkToken(request) {
      const updateItem = request.accessToken
        ? await internals.itemOf(request.accessToken)
        : undefined;
      const linkToken = `link-sandbox-${crypto.randomUUID()}`;
      const expiresAt = new Date(now().getTime() + LINK_TOKEN_TTL_MS);
      await deps.db.insert(sandboxLinkTokens).values({
        linkToken,
        clientUserRef: request.clientUserRef,
        updateItemId: updateItem?.itemId ?? null,
        redirectUri: request.redirectUri ?? null,
        expiresAt,
      });
      return { linkToken, expiration: expiresAt.toISOString() };
    },

    async exchangePublicToken(publicToken) {
      const [row] = await deps.db
        .select()
        .from(sandboxPublicTokens)
        .where(eq(sandboxPublicTokens.publicToken, publicToken))
        .limit(1);
      if (!row || row.usedAt || row.expiresAt <= now()) {
        throw new BankProviderError(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is expired or has already been used',
        );
      }
      await deps.db
        .update(sandboxPublicTokens)
        .set({ usedAt: now() })
        .where(eq(sandboxPublicTokens.publicToken, publicToken));
      const accessToken = `access-sandbox-${crypto.randomUUID()}`;
      const { seed, ...spec } = row.spec as SandboxItemSpec & { seed: string };
      if (row.updateItemId) {
        await deps.db
          .update(sandboxItems)
          .set({ accessTokenHash: hash(accessToken), isLoginRequired: false })
          .where(eq(sandboxItems.itemId, row.updateItemId));
        return { accessToken, itemId: row.updateItemId };
      }
      const itemId = `item-sandbox-${randomId()}`;
      await deps.db
        .insert(sandboxItems)
        .values({ itemId, accessTokenHash: hash(accessToken), spec, seed, createdAt: now() });
      return { accessToken, itemId };
    },

    async getItem(accessToken) {
      const item = await internals.itemOf(accessToken);
      const institution = findInstitution(item.spec.institutionId);
      return {
        itemId: item.itemId,
        institution: institution
          ? {
              institutionId: institution.institution_id,
              name: institution.name,
              domain: institution.domain,
            }
          : null,
      };
    },

    async getAccounts(accessToken): Promise<BankAccount[]> {
      const item = await liveItem(accessToken);
      return accountsOfItem(item, isoDay(now())).map((a) => ({
        accountId: a.account_id,
        name: a.name,
        officialName: a.official_name,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        balances: {
          current: a.balances.current,
          available: a.balances.available,
          isoCurrencyCode: a.balances.iso_currency_code,
        },
      }));
    },

    async syncTransactions(accessToken, rawCursor): Promise<SyncPage> {
      const item = await liveItem(accessToken);
      const today = isoDay(now());
      const cursor = decodeCursor(rawCursor);
      const target = cursor.target ?? today;
      // A page of a sync that started on another day would mix two views of the data.
      if (cursor.target && cursor.target !== today) {
        throw new BankProviderError(
          SYNC_MUTATION_DURING_PAGINATION,
          'underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
        );
      }
      const before = cursor.have
        ? snapshot(accountsOfItem(item, cursor.have), cursor.have)
        : new Map();
      const ops = diff(before, snapshot(accountsOfItem(item, target), target));
      const offset = cursor.offset ?? 0;
      const page = ops.slice(offset, offset + PAGE_SIZE);
      const hasMore = offset + PAGE_SIZE < ops.length;
      return {
        added: page.flatMap((op) => (op.kind === 'added' ? [op.transaction] : [])),
        modified: [],
        removed: page.flatMap((op) =>
          op.kind === 'removed' ? [{ transactionId: op.transactionId }] : [],
        ),
        nextCursor: encodeCursor(
          hasMore ? { have: cursor.have, target, offset: offset + PAGE_SIZE } : { have: target },
        ),
        hasMore,
      };
    },

    async removeItem(accessToken) {
      const item = await internals.itemOf(accessToken);
      await deps.db.delete(sandboxItems).where(eq(sandboxItems.itemId, item.itemId));
    },

    // The sandbox delivers its webhooks in-process (deliverWebhook); nothing arrives over HTTP.
    async parseWebhook() {
      return undefined;
    },
  };

  return Object.assign(provider, sandboxOperations(deps, internals));
}
