/** Gift cards: the stock (loaded from CSV; seeded in the sandbox) and a person's card. */
import type { FeatureModule } from '../feature-module';
import { registerGiftCardRoutes } from './gift-cards.routes';
import { createGiftCardsService } from './gift-cards.service';
import { createGiftCardStock } from './gift-cards.stock';

export function createGiftCardsModule(
  deps: Parameters<typeof createGiftCardsService>[0] & { isSandboxStock: boolean },
) {
  const service = createGiftCardsService(deps);
  return {
    service,
    /** The stock as payments move it, in the payment's transaction. */
    stock: createGiftCardStock(deps.db),
    exportRows: service.exportRows,
    routes: (app) => registerGiftCardRoutes(app, { giftCards: service }),
    // The sandbox's first start stocks every merchant that sells an annual plan.
    ...(deps.isSandboxStock ? { beforeWorkers: () => service.seedSandboxStock() } : {}),
  } satisfies FeatureModule & { service: unknown; stock: unknown };
}
