/**
 * The steps of the sandbox bank's Link dialog (what Plaid Link does on Plaid's side): link-token
 * checks, institution choice, Plaid's sandbox logins and MFA, the OAuth round trip, account
 * choice and public tokens; plus Plaid's /sandbox endpoints (public_token/create, reset_login,
 * fire_webhook, transactions/create).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SandboxLoginResponse } from '@billow/contracts';
import { plaidError } from '../plaid-error-codes';
import {
  checkSandboxCredentials,
  checkSandboxMfaCode,
  findInstitution,
  isPersonaId,
  overrideAccountsSchema,
  sandboxInstitutions,
  searchInstitutions,
  transactionOverrideSchema,
  type SandboxInstitution,
} from '@billow/sandbox-bank';
import type { CreatedTransaction } from './created-transactions';
import type { SandboxDeps, SandboxInternals } from './sandbox-bank';
import { hash, randomId } from './sandbox-ids';
import {
  sandboxItems,
  sandboxLinkTokens,
  sandboxPublicTokens,
  type SandboxItemSpec,
} from './sandbox-bank.tables';
import { isoDay } from './snapshot';

const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;

type LinkLogin = {
  link_token: string;
  institution_id: string;
  username?: string | undefined;
  password?: string | undefined;
  mfa_code?: string | undefined;
  oauth_state_id?: string | undefined;
};

export function sandboxLinkSteps(deps: SandboxDeps, internals: SandboxInternals) {
  const now = deps.clock ?? (() => new Date());
  const error = (failure: {
    error_code: string;
    error_message: string;
    display_message: string | null;
  }) => ({
    status: 'error' as const,
    error: {
      error_code: failure.error_code,
      error_message: failure.error_message,
      display_message: failure.display_message,
    },
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
      return {
        response: error({
          error_code: 'INVALID_LINK_TOKEN',
          error_message: 'link token is invalid or has expired',
          display_message: null,
        }),
      };
    const institution = findInstitution(input.institution_id);
    if (!institution)
      return {
        response: error({
          error_code: 'INSTITUTION_NOT_FOUND',
          error_message: 'this institution is not supported',
          display_message: 'This bank is not supported yet. Please choose another.',
        }),
      };

    let persona: string;
    let checkingAvailable: number | undefined;
    if (institution.oauth) {
      const state = readOauthState(input.oauth_state_id);
      if (
        !state ||
        state.linkToken !== input.link_token ||
        state.institutionId !== institution.institution_id
      ) {
        return {
          response: error({
            error_code: 'INVALID_OAUTH_STATE',
            error_message: 'the bank sign-in did not complete; please try again',
            display_message: 'The bank sign-in did not complete. Please try again.',
          }),
        };
      }
      persona = 'default';
    } else {
      const checked = checkSandboxCredentials(input.username ?? '', input.password ?? '');
      if (!checked.ok) return { response: error(checked) };
      const needsCode = Boolean(checked.mfa) || institution.mfa;
      if (needsCode && !input.mfa_code)
        return { response: { status: 'mfa_required', mfa: { type: 'device' } } };
      if (needsCode) {
        const mfa = checkSandboxMfaCode(input.mfa_code ?? '');
        if (!mfa.ok) return { response: error(mfa) };
      }
      persona = checked.persona;
      checkingAvailable = checked.checkingAvailable;
    }
    // One login at one bank is one set of accounts and history, as at a real bank: linking it
    // again (a second Link session) shows the same masks and the same transactions.
    const seed = hash(
      `${link.clientUserRef}|${institution.institution_id}|${input.username ?? 'oauth'}`,
    ).slice(0, 16);
    const spec: SandboxItemSpec = {
      institutionId: institution.institution_id,
      persona,
      overrideAccounts: null,
      accountKeys: null,
      ...(checkingAvailable === undefined ? {} : { checkingAvailable }),
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
        throw plaidError('INVALID_LINK_TOKEN', 'link token is invalid or has expired');
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
      if (!institution) throw plaidError('INVALID_OAUTH_STATE', 'unknown OAuth state');
      return { institution };
    },

    async complete(input: LinkLogin & { account_keys: string[] }) {
      const result = await login(input);
      if (result.response.status !== 'ok' || !result.spec || !result.seed) {
        const failure =
          result.response.status === 'error'
            ? result.response.error
            : { error_code: 'MFA_REQUIRED', error_message: 'a code is required' };
        throw plaidError(failure.error_code, failure.error_message);
      }
      const chosen = result.response.accounts.filter((a) => input.account_keys.includes(a.key));
      if (chosen.length === 0) throw plaidError('NO_ACCOUNTS', 'choose at least one account');
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
      checking_available?: number | undefined;
      override_accounts?: unknown[] | undefined;
    }) {
      const institution =
        findInstitution(input.institution_id ?? '') ??
        sandboxInstitutions.find((i) => !i.oauth && !i.mfa)!;
      if (input.institution_id && !findInstitution(input.institution_id)) {
        throw plaidError('INVALID_INSTITUTION', `unknown institution ${input.institution_id}`);
      }
      let overrideAccounts: unknown = null;
      if (input.override_accounts) {
        const parsed = overrideAccountsSchema.safeParse({
          override_accounts: input.override_accounts,
        });
        if (!parsed.success) {
          throw plaidError(
            'INVALID_CONFIGURATION',
            parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
        }
        overrideAccounts = parsed.data.override_accounts;
      }
      const persona = input.persona ?? 'default';
      if (!overrideAccounts && !isPersonaId(persona))
        throw plaidError('INVALID_FIELD', `unknown persona ${persona}`);
      const spec: SandboxItemSpec = {
        institutionId: institution.institution_id,
        persona: overrideAccounts ? null : persona,
        overrideAccounts,
        accountKeys: null,
        ...(input.checking_available === undefined
          ? {}
          : { checkingAvailable: input.checking_available }),
      };
      return { public_token: await issuePublicToken(spec, randomId(), null) };
    },

    /** Mirrors /sandbox/item/fire_webhook (SYNC_UPDATES_AVAILABLE). */
    async fireSyncWebhook(accessToken: string) {
      const item = await internals.itemOf(accessToken);
      await deps.deliverWebhook?.({ kind: 'sync-updates-available', itemId: item.itemId });
    },

    /**
     * Mirrors /sandbox/transactions/create: transactions the next sync reads
     * (https://plaid.com/docs/api/sandbox/#sandboxtransactionscreate).
     */
    async createTransactions(accessToken: string, transactions: CreatedTransaction[]) {
      const item = await internals.itemOf(accessToken);
      for (const t of transactions) {
        const parsed = transactionOverrideSchema.safeParse(t);
        if (!parsed.success) {
          throw plaidError(
            'INVALID_FIELD',
            parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
        }
      }
      const spec: SandboxItemSpec = {
        ...item.spec,
        createdTransactions: [...(item.spec.createdTransactions ?? []), ...transactions],
      };
      await deps.db.update(sandboxItems).set({ spec }).where(eq(sandboxItems.itemId, item.itemId));
      return { transactions_created: transactions.length };
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
