import type { FastifyInstance } from 'fastify';
import { devRoutes } from '@billow/contracts';
import { isLoopbackHost } from '../../http/loopback';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';
import type { LedgersService } from './ledgers.service';

/**
 * Sandbox only: runs the reconciliation now (docs/savings.md), as the nightly job would, and
 * answers what it found. The browser journeys end with it, so a journey that breaks a ledger rule
 * fails the run. It names people, so it answers this machine only.
 */
export async function registerLedgerDevRoutes(
  app: FastifyInstance,
  deps: { ledgers: LedgersService },
) {
  mount(app, devRoutes.reconcileLedgers, async (request) => {
    if (!isLoopbackHost(request.ip)) {
      throw new ProblemError('forbidden', 'The ledger reconciliation answers only this machine.');
    }
    const check = await deps.ledgers.reconcile();
    return {
      people: check.people,
      savings_entries: check.savingsEntries,
      reward_entries: check.rewardEntries,
      violations: check.violations.map((v) => ({
        rule: v.rule,
        user_id: v.userId,
        ...(v.sourceKey ? { source_key: v.sourceKey } : {}),
        detail: v.detail,
      })),
    };
  });
}
