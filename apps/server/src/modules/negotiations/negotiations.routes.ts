import type { FastifyInstance } from 'fastify';
import { negotiationRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';
import type { CallAgent } from '../../providers/call-agent/call-agent';
import { VAPI_WEBHOOK_PATH } from '../../providers/call-agent/call.config';
import type { NegotiationCalls } from './negotiations.calls';
import type { NegotiationsService } from './negotiations.service';

export async function registerNegotiationRoutes(
  app: FastifyInstance,
  deps: { negotiations: NegotiationsService; calls: NegotiationCalls; agent: CallAgent },
) {
  const { negotiations, calls, agent } = deps;
  mount(app, negotiationRoutes.negotiable, (r) => negotiations.list(r.userId));
  mount(app, negotiationRoutes.submitRequiredInfo, (r) =>
    negotiations.submitRequiredInfo(r.userId, r.body.subscriptionId, r.body.requiredInfo),
  );

  // The call vendor's server messages, checked by their secret before anything is read.
  const parseWebhook = agent.parseWebhook;
  if (!parseWebhook) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      VAPI_WEBHOOK_PATH,
      { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
      async (request) => {
        const webhook = parseWebhook(String(request.body ?? ''), request.headers);
        if (!webhook)
          throw new ProblemError('unauthorized', 'The webhook secret is not valid.', {
            status: 401,
          });
        await calls.onCallEvents(webhook.events);
        return webhook.reply;
      },
    );
  });
}
