/** `/api/dev/*`: sandbox only (never registered when APP_ENV=production). */
import type { FastifyInstance } from 'fastify';
import { devRoutes, normalizePhoneNumber } from '@billow/contracts';
import { mount } from '../../http/route';
import { isLoopbackHost } from '../../http/loopback';
import { ProblemError } from '../../http/problem';
import type { OutboxRepo } from '../../providers/outbox/outbox';

export async function registerDevRoutes(
  app: FastifyInstance,
  deps: { outbox: OutboxRepo; isLoopbackOnly: boolean; isPublic: boolean },
) {
  mount(app, devRoutes.outbox, async (request) => {
    // The outbox holds sign-in codes: it answers only this machine (the client's address, as
    // TRUST_PROXY lets Billow see it), whatever HOST is, unless SANDBOX_OUTBOX_PUBLIC=true.
    if (!deps.isPublic && !isLoopbackHost(request.ip)) {
      throw new ProblemError(
        'forbidden',
        'The sandbox outbox answers only this machine; set SANDBOX_OUTBOX_PUBLIC=true to serve it on the network.',
      );
    }
    const to = request.query.to;
    // The whole outbox holds everyone's sign-in codes: only a server nobody else can reach lists
    // it. Reachable from the network, a caller must name the recipient whose messages they want.
    if (!to && !deps.isLoopbackOnly) {
      throw new ProblemError(
        'forbidden',
        'This server listens beyond this machine, so the outbox lists one recipient at a time: add ?to=.',
      );
    }
    // A phone number can be given as typed ("(555) 555-0100"); an email is matched as is.
    const recipient = to && !to.includes('@') ? normalizePhoneNumber(to) : to?.toLowerCase();
    return deps.outbox.list(recipient);
  });
}
