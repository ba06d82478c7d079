import type { FastifyInstance } from 'fastify';
import { devRoutes, paymentRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { PaymentsService } from './payments.service';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService },
) {
  const { payments } = deps;
  mount(app, paymentRoutes.instantSavings, (r) => payments.instantSavings(r.userId));
  mount(app, paymentRoutes.pay, (r) =>
    payments.pay(r.userId, r.body.subscription_id, r.body.financialAccountId),
  );
  mount(app, paymentRoutes.bankLink, (r) => payments.bankLink(r.userId, r.body.subscription_id));
}

/**
 * Sandbox only: reads the transfer events now, as the schedule would, so settling and bouncing
 * a payment can be walked in seconds (with a short SANDBOX_BANK_DAY_SECONDS).
 */
export async function registerPaymentDevRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService },
) {
  mount(app, devRoutes.syncTransferEvents, async () => {
    await deps.payments.syncTransferEvents();
    return { synced: true as const };
  });
}
