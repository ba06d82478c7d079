/**
 * The call vendor's webhook (docs/negotiations.md, docs/cancellations.md): the CallAgent port's
 * way in. Its server messages are checked by their secret before anything is read, then handed
 * to every module that places calls; each applies the events of its own calls and leaves the
 * rest alone.
 */
import type { CallAgent } from '../providers/call-agent/call-agent';
import { VAPI_WEBHOOK_PATH } from '../providers/call-agent/call.config';
import { ProblemError } from '../http/problem';
import type { FeatureModule } from '../modules/feature-module';

export function createCallWebhookModule(deps: {
  agent: CallAgent;
  /** Every module (read when a message comes): those that place calls apply its events. */
  modules: () => FeatureModule[];
}): FeatureModule {
  return {
    async routes(app) {
      const parseWebhook = deps.agent.parseWebhook;
      if (!parseWebhook) return;
      await app.register(async (scope) => {
        scope.addContentTypeParser(
          'application/json',
          { parseAs: 'string' },
          (_request, body, done) => done(null, body),
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
            for (const { onCallEvents } of deps.modules()) await onCallEvents?.(webhook.events);
            return webhook.reply;
          },
        );
      });
    },
  };
}
