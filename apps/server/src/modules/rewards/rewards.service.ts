/**
 * The rewards ledger: balance = earned − applied − reversed, lifetime accrued = everything earned;
 * neither is ever negative. Rewards are earned on source events (a Billow-paid annual plan, a
 * successful negotiation) at the configured rates, once per event; a returned payment reverses
 * its reward. The person spends the balance by claiming one of the reward options, which goes
 * toward the next bill of the subscription it is named after, once per bill (docs/savings.md).
 * A claim is returned when the person puts it back, or when its bill changes, before the bill is
 * charged: balance = earned − (applied − returned) − reversed.
 */
import { bindContext } from '../../bind-context';
import { choices, nextReward } from './reward-choices';
import { claim, recheck, returnClaim } from './reward-claims';
import { earn, reverse } from './reward-earnings';
import { history } from './reward-history';
import { balanceCents, lifetimeAccruedCents, record } from './reward-ledger';
import type { RewardsContext, RewardsServiceDeps } from './rewards.deps';

export type { RewardTarget } from './rewards.deps';
/** The pure rules, tested on their own: the options a person sees, and a rate's cents. */
export { rewardChoicesOf } from './reward-choices';
export { rewardCents } from './reward-earnings';

/**
 * The service: each path is a plain function of the service's context (its deps, its clock and
 * today's date by it), bound here.
 */
export function createRewardsService(deps: RewardsServiceDeps) {
  const now = deps.clock ?? (() => new Date());
  const ctx: RewardsContext = { ...deps, now, today: () => now().toISOString().slice(0, 10) };
  const bind = bindContext(ctx);
  return {
    record: bind(record),
    balanceCents: bind(balanceCents),
    lifetimeAccruedCents: bind(lifetimeAccruedCents),
    earn: bind(earn),
    reverse: bind(reverse),
    recheck: bind(recheck),
    claim: bind(claim),
    returnClaim: bind(returnClaim),
    choices: bind(choices),
    nextReward: bind(nextReward),
    history: bind(history),
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
