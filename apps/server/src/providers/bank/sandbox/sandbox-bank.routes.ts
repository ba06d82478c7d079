/**
 * The sandbox bank's endpoints (under /api/dev, so sandbox only): the steps of its Link dialog,
 * Plaid's /sandbox/public_token/create, /sandbox/item/reset_login, /sandbox/item/fire_webhook and
 * /sandbox/transactions/create equivalents.
 */
import type { FastifyInstance } from 'fastify';
import { sandboxRoutes } from '@billow/contracts';
import { mount } from '../../../http/route';
import { ProblemError } from '../../../http/problem';
import { BankProviderError } from '../bank-provider';
import type { SandboxBank } from './sandbox-bank';

/**
 * The access token of one of the signed-in person's own items, found by one of its accounts (the
 * banking module answers it, and a 404 problem for anything not theirs).
 */
export type OwnItemAccess = (userId: string, financialAccountId: string) => Promise<string>;

function asProblem(error: unknown): never {
  if (error instanceof BankProviderError)
    throw new ProblemError('bad-request', error.message, {
      code: error.vendorCode.toUpperCase() as Uppercase<string>,
    });
  throw error;
}

export async function registerSandboxBankRoutes(
  app: FastifyInstance,
  deps: { bank: SandboxBank; access: OwnItemAccess },
) {
  const { bank } = deps;
  const rateLimit = { max: 120, timeWindow: '1 minute' };
  mount(app, sandboxRoutes.institutions, async (r) => [...bank.institutions(r.query.query)], {
    rateLimit,
  });
  mount(app, sandboxRoutes.login, (r) => bank.login(r.body), { rateLimit });
  mount(app, sandboxRoutes.oauthStart, (r) => bank.startOauth(r.body).catch(asProblem), {
    rateLimit,
  });
  mount(app, sandboxRoutes.oauthResume, async (r) => {
    try {
      return bank.resumeOauth(r.query.oauth_state_id);
    } catch (error) {
      return asProblem(error);
    }
  });
  mount(app, sandboxRoutes.complete, (r) => bank.complete(r.body).catch(asProblem), { rateLimit });
  mount(app, sandboxRoutes.publicToken, (r) => bank.createPublicToken(r.body).catch(asProblem), {
    rateLimit,
  });
  const ownItemToken = deps.access;
  mount(app, sandboxRoutes.resetLogin, async (r) => {
    await bank.resetLogin(await ownItemToken(r.userId, r.body.financialAccountId)).catch(asProblem);
    return { reset_login: true as const };
  });
  mount(app, sandboxRoutes.createTransactions, async (r) =>
    bank
      .createTransactions(
        await ownItemToken(r.userId, r.body.financialAccountId),
        r.body.transactions,
      )
      .catch(asProblem),
  );
  mount(app, sandboxRoutes.fireWebhook, async (r) => {
    await bank
      .fireSyncWebhook(await ownItemToken(r.userId, r.body.financialAccountId))
      .catch(asProblem);
    return { webhook_fired: true as const };
  });
}
