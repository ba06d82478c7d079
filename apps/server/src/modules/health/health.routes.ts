import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '@billow/contracts';
import type { Database } from '../../db/database';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';

export async function registerHealthRoutes(app: FastifyInstance, deps: { database: Database }) {
  mount(app, healthRoutes.check, async (request) => {
    try {
      await deps.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new ProblemError('external-service', 'The database is unreachable.', { status: 503 });
    }
    return { status: 'ok', db: 'ok' } as const;
  });
}
