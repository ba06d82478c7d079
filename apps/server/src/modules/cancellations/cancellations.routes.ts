import type { FastifyInstance } from 'fastify';
import { cancellationRoutes, devRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';
import type { CancellationsRepo } from './cancellations.repo';
import type { CancellationsService } from './cancellations.service';

export async function registerCancellationRoutes(
  app: FastifyInstance,
  deps: { cancellations: CancellationsService },
) {
  const { cancellations } = deps;
  mount(app, cancellationRoutes.options, (r) =>
    cancellations.options(r.userId, r.query.subscriptionId),
  );
  mount(app, cancellationRoutes.cancel, (r) =>
    cancellations.cancel(r.userId, {
      subscriptionId: r.body.subscriptionId,
      method: r.body.method,
      requiredInfo: r.body.requiredInfo,
      allowRetentionOffer: r.body.allowRetentionOffer,
    }),
  );
  mount(app, cancellationRoutes.list, (r) => cancellations.list(r.userId));
  mount(app, cancellationRoutes.confirm, (r) =>
    cancellations.confirmByPerson(r.userId, r.body.cancellationId, r.body.confirmationNumber),
  );
}

/** Sandbox only: time passing for a cancellation's bank watch (docs/cancellations.md). */
export async function registerCancellationDevRoutes(
  app: FastifyInstance,
  deps: { repo: CancellationsRepo; clock: () => Date },
) {
  mount(app, devRoutes.endCancellationWatch, async (r) => {
    const row = await deps.repo.own(r.userId, r.body.cancellationId);
    if (!row || row.status !== 'CONFIRMED')
      throw new ProblemError('not-found', 'No confirmed cancellation with this id.');
    const today = deps.clock().toISOString().slice(0, 10);
    await deps.repo.setWatchUntil(row.id, today);
    return { watch_until: today };
  });
}
