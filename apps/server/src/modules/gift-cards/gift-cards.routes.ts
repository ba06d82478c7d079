import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { GiftCardsService } from './gift-cards.service';

export async function registerGiftCardRoutes(
  app: FastifyInstance,
  deps: { giftCards: GiftCardsService },
) {
  mount(app, paymentRoutes.giftCard, (r) =>
    deps.giftCards.get(r.userId, r.body.subscriptionId, r.body.includeFullCardNumber),
  );
}
