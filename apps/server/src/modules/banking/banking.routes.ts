import type { FastifyInstance } from 'fastify';
import { bankingRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';
import type { BankSource } from '../../providers/bank/bank-provider';
import type { BankingService } from './banking.service';

export async function registerBankingRoutes(
  app: FastifyInstance,
  deps: { banking: BankingService; sources: BankSource[] },
) {
  const { banking } = deps;
  mount(app, bankingRoutes.link, (r) => banking.createLinkToken(r.userId), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  mount(app, bankingRoutes.linkResult, (r) => banking.completeLink(r.userId, r.body.publicToken), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  mount(app, bankingRoutes.sources, async () => ({
    simplefin: { enabled: banking.isSetupTokenOffered },
  }));
  // A claim is one request to the Bridge per token; as many a minute as a Plaid link result.
  mount(
    app,
    bankingRoutes.simplefinConnect,
    (r) => banking.connectWithSetupToken(r.userId, r.body.setupToken),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  mount(app, bankingRoutes.transactionLoadStatus, (r) =>
    banking.transactionLoadStatus(r.userId, r.query.waitMs ?? 0),
  );
  mount(app, bankingRoutes.setPrimaryPaymentAccount, (r) =>
    banking.setPrimaryPaymentAccount(r.userId, r.body.financialAccountId),
  );
  mount(app, bankingRoutes.deleteFinancialAccount, (r) =>
    banking.deleteFinancialAccount(r.userId, r.body.financialAccountId),
  );

  // A source's webhooks (Plaid's) are verified against the exact bytes that were signed, so this route keeps
  // its body as a string (in its own scope, leaving JSON parsing elsewhere untouched).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/plaid/webhook',
      { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
      async (request) => {
        const parse = deps.sources.find((source) => source.events?.parse)?.events?.parse;
        const webhook = await parse?.(String(request.body ?? ''), request.headers);
        if (!webhook)
          throw new ProblemError('unauthorized', 'The webhook signature is not valid.', {
            status: 401,
          });
        await banking.handleWebhook(webhook);
        return { received: true };
      },
    );
  });
}
