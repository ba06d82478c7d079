/**
 * The sandbox bank: a Plaid-compatible bank that runs offline. It implements the BankProvider
 * port the way Plaid's sandbox behaves (link tokens, public tokens, items, cursor-based sync with
 * pending → posted, ITEM_LOGIN_REQUIRED after a reset), and also serves the steps of the Link
 * dialog (institution, credentials, MFA, OAuth, account choice) that Plaid Link would run.
 * Histories come from @billow/sandbox-bank: built-in personas or Plaid "custom users"
 * (override_accounts).
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import type { BankAccount, BankProvider, BankWebhook, SyncPage } from '../bank-provider';
import { plaidError } from '../plaid-error-codes';
import {
  customUserAccounts,
  findInstitution,
  generatePersonaAccounts,
  isPersonaId,
  overrideAccountsSchema,
  type SandboxAccount,
} from '@billow/sandbox-bank';
import {
  sandboxItems,
  sandboxLinkTokens,
  sandboxPublicTokens,
  type SandboxItemSpec,
} from './sandbox-bank.tables';
import { withCreatedTransactions } from './created-transactions';
import { hash, randomId } from './sandbox-ids';
import { sandboxLinkSteps } from './sandbox-link-steps';
import { addDays, diff, HISTORY_DAYS, isoDay, snapshot } from './snapshot';

const PAGE_SIZE = 250;
const LINK_TOKEN_TTL_MS = 4 * 3600_000;
/** Charges post up to this many days after they are authorised. */
const POSTING_LAG_DAYS = 3;

/**
 * Where a sync stands: the day whose view the client has, and how many of the item's created
 * transactions that view held (a transaction created later, even dated on a day already read, is
 * new to the client); while paging, the same for the view being sent.
 */
type Cursor = {
  have: string | null;
  created?: number;
  target?: string;
  targetCreated?: number;
  offset?: number;
};

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(raw: string | null): Cursor {
  if (!raw) return { have: null };
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
  } catch {
    throw plaidError('INVALID_FIELD', 'cursor is not valid');
  }
}

export type SandboxBank = BankProvider & ReturnType<typeof sandboxLinkSteps>;

export type SandboxDeps = {
  db: Db;
  clock?: () => Date;
  deliverWebhook?: (webhook: BankWebhook) => Promise<void>;
};

export type SandboxInternals = {
  accountsFor(
    spec: SandboxItemSpec,
    seed: string,
    asOf: string,
    storyStart?: string,
  ): SandboxAccount[];
  itemOf(accessToken: string): Promise<typeof sandboxItems.$inferSelect>;
};

export function createSandboxBank(deps: SandboxDeps): SandboxBank {
  const now = deps.clock ?? (() => new Date());
  const cache = new Map<string, SandboxAccount[]>();

  const internals: SandboxInternals = {
    accountsFor(spec, seed, asOf, storyStart) {
      const key = `${seed}|${asOf}|${storyStart ?? ''}|${spec.accountKeys?.join(',') ?? ''}|${spec.checkingAvailable ?? ''}`;
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
      const shared = spec.accountKeys ? all.filter((a) => spec.accountKeys!.includes(a.key)) : all;
      const accounts =
        spec.checkingAvailable === undefined
          ? shared
          : shared.map((a) =>
              a.subtype === 'checking'
                ? { ...a, balances: { ...a.balances, available: spec.checkingAvailable! } }
                : a,
            );
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
        throw plaidError(
          'INVALID_ACCESS_TOKEN',
          'provided access token is in an invalid format or has been revoked',
        );
      return item;
    },
  };

  const storyStartOf = (item: typeof sandboxItems.$inferSelect) =>
    addDays(isoDay(item.createdAt), -HISTORY_DAYS);
  /** The item's accounts on a day, with the first `created` of its created transactions. */
  const accountsOfItem = (
    item: typeof sandboxItems.$inferSelect,
    asOf: string,
    created = item.spec.createdTransactions?.length ?? 0,
  ) =>
    withCreatedTransactions(
      internals.accountsFor(item.spec, item.seed, asOf, storyStartOf(item)),
      item.spec.createdTransactions?.slice(0, created),
      item.seed,
    );

  async function liveItem(accessToken: string) {
    const item = await internals.itemOf(accessToken);
    if (item.isLoginRequired) {
      throw plaidError(
        'ITEM_LOGIN_REQUIRED',
        'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
      );
    }
    return item;
  }

  // Webhooks are delivered in-process, to whoever listens (the banking module, once it exists).
  let webhookListener = deps.deliverWebhook;

  const provider: BankProvider = {
    linkKind: 'sandbox',
    webOrigins: [],
    onWebhook(listener) {
      webhookListener = listener;
    },

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
        redirectUri: null,
        expiresAt,
      });
      return { linkToken, expiration: expiresAt.toISOString() };
    },

    async exchangePublicToken(publicToken) {
      // Used up in the same statement that checks it, so parallel exchanges cannot both win.
      const [row] = await deps.db
        .update(sandboxPublicTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(sandboxPublicTokens.publicToken, publicToken),
            isNull(sandboxPublicTokens.usedAt),
            gt(sandboxPublicTokens.expiresAt, now()),
          ),
        )
        .returning();
      if (!row) {
        throw plaidError(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is expired or has already been used',
        );
      }
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
        throw plaidError(
          'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
          'underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
        );
      }
      const targetCreated = cursor.targetCreated ?? item.spec.createdTransactions?.length ?? 0;
      const before = cursor.have
        ? snapshot(accountsOfItem(item, cursor.have, cursor.created ?? 0), cursor.have)
        : new Map();
      const ops = diff(before, snapshot(accountsOfItem(item, target, targetCreated), target));
      const offset = cursor.offset ?? 0;
      const page = ops.slice(offset, offset + PAGE_SIZE);
      const hasMore = offset + PAGE_SIZE < ops.length;
      return {
        added: page.flatMap((op) => (op.kind === 'added' ? [op.transaction] : [])),
        modified: [],
        removed: page.flatMap((op) =>
          op.kind === 'removed'
            ? [{ transactionId: op.transactionId, accountId: op.accountId }]
            : [],
        ),
        nextCursor: encodeCursor(
          hasMore
            ? {
                have: cursor.have,
                created: cursor.created ?? 0,
                target,
                targetCreated,
                offset: offset + PAGE_SIZE,
              }
            : { have: target, created: targetCreated },
        ),
        hasMore,
      };
    },

    async removeItem(accessToken) {
      const item = await internals.itemOf(accessToken);
      await deps.db.delete(sandboxItems).where(eq(sandboxItems.itemId, item.itemId));
    },

    // The sandbox delivers its webhooks in-process (onWebhook); nothing arrives over HTTP.
    async parseWebhook() {
      return undefined;
    },
  };

  const deliverWebhook = async (webhook: BankWebhook) => webhookListener?.(webhook);
  return Object.assign(provider, sandboxLinkSteps({ ...deps, deliverWebhook }, internals));
}
