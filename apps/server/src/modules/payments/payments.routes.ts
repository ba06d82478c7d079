import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from '@billow/contracts';
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
}
