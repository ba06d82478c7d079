/**
 * Adding a subscription detection missed: the person finds the charge among their
 * money-out transactions no subscription holds, names it and picks its cadence; Billow stores it
 * as theirs, and detection keeps it from then on (user-added.ts).
 */
import {
  centsToDollars,
  MISSED_CANDIDATES_PAGE_SIZE,
  type AddMissedSubscriptionBody,
  type MissedCandidate,
  type Subscription,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { SubscriptionsRepo } from './subscriptions.repo';
import { addedValues, isChargeOf, merchantOf } from './user-added';

export function createMissedSubscriptionsService(deps: {
  repo: SubscriptionsRepo;
  /** The person's subscriptions as list-all answers them. */
  list: (userId: string) => Promise<Subscription[]>;
  clock?: () => Date;
  onChanged?: (userId: string) => Promise<void>;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    async candidates(userId: string, query: { q?: string | undefined; page: number }) {
      const rows = await deps.repo.unmatchedOutflows(userId, {
        search: query.q || undefined,
        // One more than a page: whether there is a next page, without counting them all.
        limit: MISSED_CANDIDATES_PAGE_SIZE + 1,
        offset: (query.page - 1) * MISSED_CANDIDATES_PAGE_SIZE,
      });
      const transactions = rows
        .slice(0, MISSED_CANDIDATES_PAGE_SIZE)
        .map((row): MissedCandidate => ({
          transaction_id: row.id,
          date: row.date,
          description: row.name,
          merchant_name: merchantOf(row).name,
          amount: centsToDollars(row.amountCents),
          currency: row.currency ?? 'USD',
          account: `${row.bankName ?? row.accountName} •••• ${row.accountMask ?? ''}`.trim(),
        }));
      return {
        transactions,
        page: query.page,
        has_more: rows.length > MISSED_CANDIDATES_PAGE_SIZE,
      };
    },

    async add(userId: string, body: AddMissedSubscriptionBody): Promise<Subscription> {
      const outcome = await deps.repo.addFromTransaction(
        userId,
        body.transactionId,
        (charge, added) => {
          if (charge.amountCents <= 0) return { refused: 'not-outflow' };
          // A charge an added subscription would take at the next detection is in it already.
          const key = merchantOf(charge).key;
          if (added.some((row) => isChargeOf(row, charge, key))) return { refused: 'held' };
          return { values: addedValues(charge, body, now()) };
        },
      );
      if ('refused' in outcome) {
        if (outcome.refused === 'not-found' || outcome.refused === 'not-outflow') {
          throw new ProblemError('not-found', 'Transaction not found.', {
            code: 'transaction-not-found',
          });
        }
        throw new ProblemError('conflict', 'This charge is already part of a subscription.', {
          code: 'transaction-already-in-subscription',
        });
      }
      await deps.onChanged?.(userId);
      const subscription = (await deps.list(userId)).find((s) => s.id === outcome.id);
      if (!subscription) throw new Error(`added subscription ${outcome.id} is not listed`);
      return subscription;
    },
  };
}

export type MissedSubscriptionsService = ReturnType<typeof createMissedSubscriptionsService>;
