/**
 * The rewards ledger: balance = earned − applied − reversed, lifetime accrued = everything earned;
 * neither is ever negative. Rewards are earned on source events (a Billow-paid annual plan, a
 * successful negotiation) at the configured rates, once per event; a returned payment reverses
 * its reward; and with auto-apply on, a balance that covers the next reward is applied toward
 * that subscription's next bill, once per bill. An application whose bill changes before it is
 * charged (docs/savings.md) is returned: balance = earned − (applied − returned) − reversed.
 */
import {
  centsToDollars,
  defaultRewardOption,
  type NextReward,
  type RewardHistory,
  dollarsToCents,
  type RewardTransaction,
  type Subscription,
  type TransactionType,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import type { RewardEntry, RewardHistoryRow, RewardsRepo } from './rewards.repo';

export type RewardSourceEvent = {
  userId: string;
  source: 'annual_plan' | 'negotiation';
  /** The payment's or the negotiation's id: one reward per event, however often it is sent. */
  sourceId: string;
  subscriptionId: string | null;
  /** What the reward is a share of: the amount paid, or the first year's negotiated savings. */
  baseAmountCents: number;
};

export type RewardRates = {
  /** Percent of an annual plan Billow paid. */
  annualPlanRatePercent: number;
  /** Percent of a negotiation's first-year savings. */
  negotiationRatePercent: number;
};

/** The bill a reward goes toward: one of the person's subscriptions, and its next due date. */
export type RewardTarget = {
  subscriptionId: string;
  name: string;
  amountCents: number;
  billDate: string;
};

const billKeyOf = (subscriptionId: string, billDate: string) =>
  `bill:${subscriptionId}:${billDate}`;

/** Rewards go only toward bills due within this many days: the ones actually due next. */
export const NEXT_BILL_DAYS = 31;

const BILL_KEY = /^bill:(.+):(\d{4}-\d{2}-\d{2})$/;

/**
 * Whether a subscription can still be charged the bill a reward went toward: an active monthly
 * bill the person pays themselves. Cancelled, not a subscription after all, paid by Billow as an
 * annual plan, or billed on another cadence, and the application is returned.
 */
const canTakeReward = (s: Subscription | undefined) =>
  s !== undefined &&
  s.status === 'ACTIVE' &&
  !s.user_marked_not_subscription &&
  !s.is_billow_managed &&
  s.cadence === 'MONTHLY';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The bill a reward goes toward next (docs/savings.md): the cheapest of the person's active
 * monthly subscriptions due within NEXT_BILL_DAYS, the soonest on a tie. Never a plan Billow paid
 * for, and never a subscription that already has a reward waiting for its next charge (applied
 * toward a bill dated today or later), so a bill whose due date moves is not paid twice. A bill
 * an application was returned from is not chosen again (its entry's key is spent).
 */
export function nextRewardTarget(
  list: readonly Subscription[],
  appliedBillKeys: ReadonlySet<string>,
  today: string,
  returnedBillKeys: ReadonlySet<string> = new Set(),
): RewardTarget | null {
  const awaitingCharge = new Set(
    [...appliedBillKeys].flatMap((key) => {
      const match = BILL_KEY.exec(key);
      return match && match[2]! >= today && !returnedBillKeys.has(key) ? [match[1]!] : [];
    }),
  );
  const horizon = addDays(today, NEXT_BILL_DAYS);
  const candidates = list
    .filter(
      (s) =>
        canTakeReward(s) &&
        !awaitingCharge.has(s.id) &&
        !appliedBillKeys.has(billKeyOf(s.id, s.renewal_date ?? '')) &&
        s.renewal_date !== null &&
        s.renewal_date >= today &&
        s.renewal_date <= horizon &&
        s.amount > 0,
    )
    .sort(
      (a, b) =>
        a.amount - b.amount ||
        (a.renewal_date ?? '').localeCompare(b.renewal_date ?? '') ||
        a.id.localeCompare(b.id),
    );
  const first = candidates[0];
  return first
    ? {
        subscriptionId: first.id,
        name: first.merchant_name,
        amountCents: dollarsToCents(first.amount),
        billDate: first.renewal_date ?? '',
      }
    : null;
}

const sourceKeyOf = (event: Pick<RewardSourceEvent, 'source' | 'sourceId'>) =>
  `${event.source}:${event.sourceId}`;

/** A rate in percent applied in whole basis points, rounded down: never more than promised. */
export function rewardCents(baseAmountCents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((baseAmountCents * basisPoints) / 10_000);
}

export function createRewardsService(deps: {
  repo: RewardsRepo;
  rates: RewardRates;
  /** The person's subscriptions, read by the module that owns them. */
  subscriptionsOf: (userId: string) => Promise<Subscription[]>;
  /** Lowers the bill a reward went toward, in the transaction that records it. */
  onApplied?: (target: RewardTarget, tx: Db) => Promise<void>;
  /** Takes a returned application off the bill it lowered, in the same transaction. */
  onReturned?: (bill: { subscriptionId: string; billDate: string }, tx: Db) => Promise<void>;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;
  const today = () => now().toISOString().slice(0, 10);
  /** The next bill, given the bills rewards went toward and those given back. */
  const targetIn = async (list: readonly Subscription[], userId: string, tx?: Db) => {
    const [applied, returned] = await Promise.all([
      repo.sourceKeys(userId, 'applied', tx),
      repo.sourceKeys(userId, 'returned', tx),
    ]);
    return nextRewardTarget(list, applied, today(), returned);
  };
  const nextTarget = async (userId: string) => targetIn(await deps.subscriptionsOf(userId), userId);

  function record(entry: RewardEntry, tx?: Db): Promise<boolean> {
    if (!Number.isInteger(entry.amountCents) || entry.amountCents <= 0) {
      throw new RangeError('A reward entry is a positive whole number of cents.');
    }
    return repo.add(entry, tx);
  }

  const earnedCentsOf = (event: RewardSourceEvent) =>
    rewardCents(
      event.baseAmountCents,
      event.source === 'annual_plan'
        ? deps.rates.annualPlanRatePercent
        : deps.rates.negotiationRatePercent,
    );

  /** The earned entry of a source event, once (false when there was one already, or it is 0). */
  async function recordEarned(event: RewardSourceEvent, tx?: Db): Promise<boolean> {
    const cents = earnedCentsOf(event);
    if (cents <= 0) return false;
    return record(
      {
        userId: event.userId,
        subscriptionId: event.subscriptionId,
        kind: 'earned',
        source: event.source,
        amountCents: cents,
        sourceKey: sourceKeyOf(event),
        occurredAt: now(),
      },
      tx,
    );
  }

  async function balanceCents(userId: string, tx?: Db): Promise<number> {
    const totals = await repo.totalsCents(userId, tx);
    return Math.max(0, totals.earned - (totals.applied - totals.returned) - totals.reversed);
  }

  /**
   * Gives back to the balance every application toward a bill not yet due whose subscription can
   * no longer be charged it (cancelled, not a subscription, paid by Billow, another cadence).
   * Once per application: the return has the application's key.
   */
  async function returnUnused(userId: string, list: readonly Subscription[], tx: Db) {
    const byId = new Map(list.map((s) => [s.id, s]));
    const [applied, returned] = await Promise.all([
      repo.entries(userId, 'applied', tx),
      repo.sourceKeys(userId, 'returned', tx),
    ]);
    for (const entry of applied) {
      const match = BILL_KEY.exec(entry.sourceKey);
      if (!match || returned.has(entry.sourceKey) || match[2]! < today()) continue;
      const [, subscriptionId, billDate] = match as unknown as [string, string, string];
      if (canTakeReward(byId.get(subscriptionId))) continue;
      await record(
        {
          userId,
          subscriptionId: entry.subscriptionId,
          kind: 'returned',
          source: 'bill',
          amountCents: entry.amountCents,
          sourceKey: entry.sourceKey,
          occurredAt: now(),
        },
        tx,
      );
      await deps.onReturned?.({ subscriptionId, billDate }, tx);
    }
  }

  /**
   * Returns applications whose bill changed, then, with auto-apply on and a balance that covers
   * the next reward, spends it on that bill. The bill's due date is part of the entry's key, so
   * one bill is never paid twice.
   */
  async function autoApply(userId: string): Promise<boolean> {
    const list = await deps.subscriptionsOf(userId);
    const applied = await repo.withPersonLocked(userId, async (tx, person) => {
      await returnUnused(userId, list, tx);
      if (!person.isAutoApplyRewardsEnabled) return false;
      const target = await targetIn(list, userId, tx);
      if (!target || target.amountCents <= 0) return false;
      if ((await balanceCents(userId, tx)) < target.amountCents) return false;
      const isNew = await record(
        {
          userId,
          subscriptionId: target.subscriptionId,
          kind: 'applied',
          source: 'bill',
          amountCents: target.amountCents,
          sourceKey: billKeyOf(target.subscriptionId, target.billDate),
          occurredAt: now(),
        },
        tx,
      );
      if (isNew) await deps.onApplied?.(target, tx);
      return isNew;
    });
    return applied ?? false;
  }

  return {
    /** Records an entry once per source event and kind (safe to call again from a retried job). */
    record,
    balanceCents,
    async lifetimeAccruedCents(userId: string): Promise<number> {
      return Math.max(0, (await repo.totalsCents(userId)).earned);
    },

    /**
     * calculate rewards: earns the configured share of a source event once, then applies the
     * balance when auto-apply is on. Safe to run twice: the second run writes nothing.
     */
    async earn(event: RewardSourceEvent): Promise<{ earnedCents: number; isApplied: boolean }> {
      const cents = earnedCentsOf(event);
      const isNew = await recordEarned(event);
      // Applying is tried even when the reward was there already: a run that stopped after
      // earning finishes its work the second time.
      const isApplied = await autoApply(event.userId);
      return { earnedCents: isNew ? cents : 0, isApplied };
    },

    /**
     * A returned payment takes its reward back, once, and never past zero: what was already
     * applied toward a bill stays with the person (the reversal is capped at the balance). When
     * the return is handled before its reward was earned (a late calculate job), the reward is
     * earned here first, so the late job finds it there and earns nothing.
     */
    async reverse(event: RewardSourceEvent) {
      const key = sourceKeyOf(event);
      const reversed = await repo.withPersonLocked(event.userId, async (tx) => {
        await recordEarned(event, tx);
        const earned = await repo.entry(event.userId, 'earned', key, tx);
        if (!earned) return 0;
        if (await repo.entry(event.userId, 'reversed', key, tx)) return 0;
        const cents = Math.min(earned.amountCents, await balanceCents(event.userId, tx));
        if (cents <= 0) return 0;
        await record(
          {
            userId: event.userId,
            subscriptionId: earned.subscriptionId,
            kind: 'reversed',
            source: earned.source,
            amountCents: cents,
            sourceKey: key,
            occurredAt: now(),
          },
          tx,
        );
        return cents;
      });
      return { reversedCents: reversed ?? 0 };
    },

    autoApply,

    /** Spec part 2 §7: what the balance goes toward next (the default option without a bill). */
    async nextReward(userId: string): Promise<NextReward> {
      const target = await nextTarget(userId);
      return target
        ? { name: target.name, amount: centsToDollars(target.amountCents) }
        : { name: defaultRewardOption.name, amount: defaultRewardOption.price };
    },

    async history(userId: string, page: number, pageSize: number): Promise<RewardHistory> {
      const { rows, total } = await repo.history(userId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        transactions: rows.map(toTransaction),
        page,
        page_size: pageSize,
        total,
        has_more: page * pageSize < total,
      };
    },
  };
}

const TYPES: Record<RewardHistoryRow['source'], TransactionType> = {
  annual_plan: 'SUBSCRIPTION_PAYMENT',
  negotiation: 'NEGOTIATION',
  bill: 'REWARD',
  other: 'OTHER',
};

function describe(row: RewardHistoryRow, service: string): string {
  if (row.kind === 'applied') return `Reward applied toward your next ${service} bill`;
  if (row.kind === 'returned') {
    return `Reward returned: your ${service} bill changed before it was charged`;
  }
  if (row.kind === 'reversed') {
    return row.source === 'annual_plan'
      ? `Reward reversed: the ${service} annual plan payment was returned`
      : `Reward reversed for ${service}`;
  }
  if (row.source === 'annual_plan') return `Earned on the ${service} annual plan Billow paid`;
  if (row.source === 'negotiation') return `Earned for negotiating your ${service} bill`;
  return `Reward earned`;
}

function toTransaction(row: RewardHistoryRow): RewardTransaction {
  const service = row.merchantName ?? 'Billow';
  const sign = row.kind === 'earned' || row.kind === 'returned' ? 1 : -1;
  return {
    id: row.id,
    service,
    amount: centsToDollars(sign * row.amountCents),
    date: row.occurredAt.toISOString().slice(0, 10),
    // A reversal is typed by what it takes back; money spent on (or given back from) a bill is a
    // REWARD.
    type: row.kind === 'applied' || row.kind === 'returned' ? 'REWARD' : TYPES[row.source],
    merchant_website_url: row.merchantWebsite,
    description: describe(row, service),
    merchant_id: null,
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
