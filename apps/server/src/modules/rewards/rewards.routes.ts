import type { FastifyInstance } from 'fastify';
import { centsToDollars, rewardRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { RewardsService } from './rewards.service';

export async function registerRewardsRoutes(
  app: FastifyInstance,
  deps: { rewards: RewardsService },
) {
  const { rewards } = deps;
  mount(app, rewardRoutes.balance, async (r) =>
    centsToDollars(await rewards.balanceCents(r.userId)),
  );
  mount(app, rewardRoutes.lifetimeAccrued, async (r) =>
    centsToDollars(await rewards.lifetimeAccruedCents(r.userId)),
  );
  mount(app, rewardRoutes.nextReward, (r) => rewards.nextReward(r.userId));
  mount(app, rewardRoutes.history, (r) =>
    rewards.history(r.userId, r.query.page, r.query.page_size),
  );
  mount(app, rewardRoutes.choices, (r) => rewards.choices(r.userId));
  mount(app, rewardRoutes.claim, (r) => rewards.claim(r.userId, r.body.option_id));
  mount(app, rewardRoutes.returnClaim, (r) => rewards.returnClaim(r.userId, r.body.transaction_id));
}
