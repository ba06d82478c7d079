/** `/api/dev/*`: sandbox only (never registered when APP_ENV=production). */
import type { FastifyInstance } from 'fastify';
import { devRoutes, normalizePhoneNumber } from '@billow/contracts';
import { mount } from '../../http/route';
import type { OutboxRepo } from './outbox.repo';

export async function registerDevRoutes(app: FastifyInstance, deps: { outbox: OutboxRepo }) {
  mount(app, devRoutes.outbox, async (request) => {
    const to = request.query.to;
    // A phone number can be given as typed ("(555) 555-0100"); an email is matched as is.
    const recipient = to && !to.includes('@') ? normalizePhoneNumber(to) : to?.toLowerCase();
    return deps.outbox.list(recipient);
  });
}
