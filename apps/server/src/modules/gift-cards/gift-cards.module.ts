/** Gift cards: the stock (loaded from CSV; seeded in the sandbox) and a person's card. */
import type { Config } from '../../config';
import type { FeatureModule } from '../feature-module';
import type { Bills } from '../subscriptions/subscriptions.module';
import { registerGiftCardRoutes } from './gift-cards.routes';
import { createGiftCardsService } from './gift-cards.service';
import { createGiftCardStock } from './gift-cards.stock';

type ServiceDeps = Parameters<typeof createGiftCardsService>[0];

export function createGiftCardsModule(
  deps: Omit<ServiceDeps, 'billOf' | 'paymentFor' | 'fundedRenewalOf' | 'digestKey'> & {
    /** Keys the digest that finds a card loaded twice. */
    authSecret: Uint8Array;
    /** Whether the payment provider comes with a stock of cards, stocked at first start. */
    config: { payment: Pick<Config['payment'], 'hasSandboxGiftCards'> };
    bills: Pick<Bills, 'billOf'>;
    /** Payments decide when a card's number may be shown (after its debit settled). */
    payments: () => Pick<ServiceDeps, 'paymentFor' | 'fundedRenewalOf'>;
  },
) {
  const service = createGiftCardsService({
    ...deps,
    digestKey: deps.authSecret,
    billOf: deps.bills.billOf,
    paymentFor: (userId, subscriptionId) => deps.payments().paymentFor(userId, subscriptionId),
    fundedRenewalOf: (cardId) => deps.payments().fundedRenewalOf(cardId),
  });
  return {
    service,
    /** The stock as payments move it, in the payment's transaction. */
    stock: createGiftCardStock(deps.db),
    exportRows: service.exportRows,
    routes: (app) => registerGiftCardRoutes(app, { giftCards: service }),
    // The sandbox's first start stocks every merchant that sells an annual plan.
    ...(deps.config.payment.hasSandboxGiftCards
      ? { beforeWorkers: () => service.seedSandboxStock() }
      : {}),
  } satisfies FeatureModule & { service: unknown; stock: unknown };
}
