/**
 * The rewards ledger: balance = earned − applied − reversed, lifetime accrued = everything earned;
 * neither is ever negative. Rewards are earned on source events (a Billow-paid annual plan, a
 * successful negotiation) at the configured rates, once per event; a returned payment reverses
 * its reward. The person spends the balance by claiming one of the reward options, which goes
 * toward the next bill of the subscription it is named after, once per bill (docs/savings.md).
 * A claim is returned when the person puts it back, or when its bill changes, before the bill is
 * charged: balance = earned − (applied − returned) − reversed.
 */
import {
  centsToDollars,
  defaultRewardOption,
  dollarsToCents,
  formatShortDay,
  type NextReward,
  type RewardChoice,
  type RewardHistory,
  rewardOptions,
  type RewardOptionId,
  type RewardTransaction,
  type Subscription,
  type TransactionType,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
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

/**
 * An application's key: the bill it went toward, and how many claims that bill had before (a
 * claim put back and claimed again is a new entry; the first keeps the older form).
 */
const billKeyOf = (subscriptionId: string, billDate: string, claimsBefore = 0) =>
  `bill:${subscriptionId}:${billDate}${claimsBefore > 0 ? `:${claimsBefore}` : ''}`;

/** Rewards go only toward bills due within this many days: the ones actually due next. */
export const NEXT_BILL_DAYS = 31;

const BILL_KEY = /^bill:([^:]+):(\d{4}-\d{2}-\d{2})(?::\d+)?$/;

/** The subscription and bill date an application went toward, or undefined for another key. */
export function billOfKey(key: string): { subscriptionId: string; billDate: string } | undefined {
  const match = BILL_KEY.exec(key);
  return match ? { subscriptionId: match[1]!, billDate: match[2]! } : undefined;
}

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
 * The reward options as this person sees them (docs/savings.md): each of the six options is
 * named after the person's bill of its kind that can take a reward (the one whose monthly price is
 * nearest the option's; two video-streaming options take two different bills), and carries the
 * bill a claim would go toward now: that subscription's next bill, due within NEXT_BILL_DAYS, when
 * no claim already waits for it (applied toward a bill dated today or later and not returned).
 * Never a plan Billow paid for.
 */
export function rewardChoicesOf(
  list: readonly Subscription[],
  appliedBillKeys: ReadonlySet<string>,
  today: string,
  returnedBillKeys: ReadonlySet<string> = new Set(),
  /** Applications the person put back themselves (a subset of the returned ones). */
  putBackBillKeys: ReadonlySet<string> = new Set(),
): RewardChoice[] {
  const putBackBills = new Set(
    [...putBackBillKeys].flatMap((key) => {
      const bill = billOfKey(key);
      return bill ? [`${bill.subscriptionId}:${bill.billDate}`] : [];
    }),
  );
  const awaitingCharge = new Set(
    [...appliedBillKeys].flatMap((key) => {
      const bill = billOfKey(key);
      return bill && bill.billDate >= today && !returnedBillKeys.has(key)
        ? [bill.subscriptionId]
        : [];
    }),
  );
  const horizon = addDays(today, NEXT_BILL_DAYS);
  const taken = new Set<string>();
  return rewardOptions.map((option) => {
    const kinds: readonly string[] = option.categories;
    const bill = list
      .filter(
        (s) => canTakeReward(s) && s.amount > 0 && kinds.includes(s.category) && !taken.has(s.id),
      )
      .sort(
        (a, b) =>
          Math.abs(a.normalized_monthly_amount - option.price) -
            Math.abs(b.normalized_monthly_amount - option.price) ||
          a.merchant_name.localeCompare(b.merchant_name) ||
          a.id.localeCompare(b.id),
      )[0];
    if (bill) taken.add(bill.id);
    const isDue =
      bill !== undefined &&
      !awaitingCharge.has(bill.id) &&
      bill.renewal_date !== null &&
      bill.renewal_date >= today &&
      bill.renewal_date <= horizon;
    return {
      id: option.id,
      name: bill?.merchant_name ?? option.name,
      kind: option.name,
      price: option.price,
      bill: isDue
        ? {
            subscription_id: bill.id,
            date: bill.renewal_date!,
            amount: bill.amount,
            was_put_back: putBackBills.has(`${bill.id}:${bill.renewal_date}`),
          }
        : null,
    };
  });
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
  /** The reward options, given the bills rewards went toward and those given back. */
  const choicesIn = async (
    bills: readonly Subscription[] | Promise<readonly Subscription[]>,
    userId: string,
    tx?: Db,
  ) => {
    // The bills and the claims are asked at once: one wait (issue 42).
    const [list, claims] = await Promise.all([bills, repo.claimKeys(userId, tx)]);
    return rewardChoicesOf(list, claims.applied, today(), claims.returned, claims.returnedByPerson);
  };

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
      const bill = billOfKey(entry.sourceKey);
      if (!bill || returned.has(entry.sourceKey) || bill.billDate < today()) continue;
      if (canTakeReward(byId.get(bill.subscriptionId))) continue;
      await giveBack(entry, tx);
    }
  }

  /** Returns one application to the balance and takes it off its bill. */
  async function giveBack(
    entry: {
      userId: string;
      subscriptionId: string | null;
      amountCents: number;
      sourceKey: string;
    },
    tx: Db,
    /** The person put it back, or its bill changed. */
    why: 'person' | 'bill' = 'bill',
  ) {
    const bill = billOfKey(entry.sourceKey);
    await record(
      {
        userId: entry.userId,
        subscriptionId: entry.subscriptionId,
        kind: 'returned',
        source: why,
        amountCents: entry.amountCents,
        sourceKey: entry.sourceKey,
        occurredAt: now(),
      },
      tx,
    );
    if (bill) await deps.onReturned?.(bill, tx);
  }

  /**
   * Looks again at the bills claims went toward (after the bills or the settings changed) and
   * gives back every claim whose bill changed before it was charged.
   */
  async function recheck(userId: string): Promise<void> {
    const list = await deps.subscriptionsOf(userId);
    await repo.withPersonLocked(userId, (tx) => returnUnused(userId, list, tx));
  }

  /**
   * Claims one of the reward options (docs/savings.md): its price, at most the bill's, comes off
   * the balance and off the next bill of the subscription it is named after. Refused when the
   * balance does not cover the option's price, or it has no bill to go toward now (none of its
   * kind, not due within the month, or a claim already waits for that bill).
   */
  async function claim(userId: string, optionId: RewardOptionId): Promise<RewardTransaction> {
    const list = await deps.subscriptionsOf(userId);
    const id = await repo.withPersonLocked(userId, async (tx) => {
      await returnUnused(userId, list, tx);
      const choice = (await choicesIn(list, userId, tx)).find((c) => c.id === optionId);
      if (!choice?.bill) {
        throw new ProblemError('conflict', 'This reward has no bill to go toward right now.', {
          code: 'reward-no-bill',
        });
      }
      const priceCents = dollarsToCents(choice.price);
      if ((await balanceCents(userId, tx)) < priceCents) {
        throw new ProblemError('conflict', 'The balance does not cover this reward yet.', {
          code: 'reward-not-covered',
        });
      }
      const { subscription_id: subscriptionId, date: billDate } = choice.bill;
      const target: RewardTarget = {
        subscriptionId,
        name: choice.name,
        amountCents: Math.min(priceCents, dollarsToCents(choice.bill.amount)),
        billDate,
      };
      const claimsBefore = [...(await repo.sourceKeys(userId, 'applied', tx))].filter((key) => {
        const bill = billOfKey(key);
        return bill?.subscriptionId === subscriptionId && bill.billDate === billDate;
      }).length;
      const sourceKey = billKeyOf(subscriptionId, billDate, claimsBefore);
      await record(
        {
          userId,
          subscriptionId,
          kind: 'applied',
          source: 'bill',
          amountCents: target.amountCents,
          sourceKey,
          occurredAt: now(),
        },
        tx,
      );
      await deps.onApplied?.(target, tx);
      return (await repo.entry(userId, 'applied', sourceKey, tx))!.id;
    });
    if (!id) throw new ProblemError('not-found', 'No such person.');
    return transactionOf(userId, id);
  }

  /**
   * Puts a claim back in the balance and takes it off its bill, while the bill has not been
   * charged (its date is today or later) and the claim is not back already.
   */
  async function returnClaim(userId: string, transactionId: string): Promise<RewardTransaction> {
    const returned = await repo.withPersonLocked(userId, async (tx) => {
      const entry = await repo.entryById(userId, transactionId, tx);
      // Another person's entry, or none: not found, as every id that is not one's own.
      if (!entry)
        throw new ProblemError('not-found', 'This reward was not found.', {
          code: 'reward-transaction-not-found',
        });
      const bill = entry && entry.kind === 'applied' ? billOfKey(entry.sourceKey) : undefined;
      const isBack = entry ? await repo.entry(userId, 'returned', entry.sourceKey, tx) : undefined;
      if (!bill || isBack || bill.billDate < today()) {
        throw new ProblemError('conflict', 'This reward can no longer be put back.', {
          code: 'reward-not-returnable',
        });
      }
      await giveBack(entry, tx, 'person');
      return (await repo.entry(userId, 'returned', entry.sourceKey, tx))!.id;
    });
    if (!returned) throw new ProblemError('not-found', 'No such person.');
    return transactionOf(userId, returned);
  }

  /** One of the person's entries as the history shows it. */
  async function transactionOf(userId: string, id: string): Promise<RewardTransaction> {
    const [row] = await repo.historyRows(userId, { ids: [id] });
    const returned = await repo.sourceKeys(userId, 'returned');
    return toTransaction(row!, today(), returned);
  }

  return {
    /** Records an entry once per source event and kind (safe to call again from a retried job). */
    record,
    balanceCents,
    async lifetimeAccruedCents(userId: string): Promise<number> {
      return Math.max(0, (await repo.totalsCents(userId)).earned);
    },

    /**
     * calculate rewards: earns the configured share of a source event once. Safe to run twice:
     * the second run writes nothing. Spending it is the person's claim (or their browser's, with
     * auto-apply on), toward the reward they chose.
     */
    async earn(event: RewardSourceEvent): Promise<{ earnedCents: number }> {
      const cents = earnedCentsOf(event);
      const isNew = await recordEarned(event);
      return { earnedCents: isNew ? cents : 0 };
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

    recheck,
    claim,
    returnClaim,

    /** The reward options, named after the person's bills, each with the bill it would pay. */
    async choices(userId: string): Promise<RewardChoice[]> {
      return choicesIn(deps.subscriptionsOf(userId), userId);
    },

    /**
     * docs/rewards.md, "What the section shows": the next reward, the default target (video
     * streaming) as this person sees it: named after their video-streaming bill when they have one,
     * at the option's price.
     */
    async nextReward(userId: string): Promise<NextReward> {
      const choices = await choicesIn(deps.subscriptionsOf(userId), userId);
      const choice = choices.find((c) => c.id === defaultRewardOption.id)!;
      return { name: choice.name, amount: choice.price };
    },

    async history(userId: string, page: number, pageSize: number): Promise<RewardHistory> {
      const { rows, total, returned } = await repo.history(userId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        transactions: rows.map((row) => toTransaction(row, today(), returned)),
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
  person: 'REWARD',
  other: 'OTHER',
};

/** Which bill an entry of a claim went toward, said the way the bills list says a date. */
function describe(row: RewardHistoryRow, service: string, today: string): string {
  const bill = billOfKey(row.sourceKey);
  const billName = bill
    ? `your ${service} bill of ${formatShortDay(bill.billDate, today)}`
    : `your next ${service} bill`;
  if (row.kind === 'applied') return `Reward applied toward ${billName}`;
  if (row.kind === 'returned') {
    return row.source === 'person'
      ? `Reward put back from ${billName}`
      : `Reward returned: ${billName} changed before it was charged`;
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

function toTransaction(
  row: RewardHistoryRow,
  today: string,
  returnedKeys: ReadonlySet<string>,
): RewardTransaction {
  const service = row.merchantName ?? 'Billow';
  const sign = row.kind === 'earned' || row.kind === 'returned' ? 1 : -1;
  const isClaim = row.kind === 'applied' || row.kind === 'returned';
  const bill = isClaim ? billOfKey(row.sourceKey) : undefined;
  return {
    id: row.id,
    service,
    amount: centsToDollars(sign * row.amountCents),
    date: row.occurredAt.toISOString().slice(0, 10),
    // A reversal is typed by what it takes back; money spent on (or given back from) a bill is a
    // REWARD.
    type: isClaim ? 'REWARD' : TYPES[row.source],
    merchant_website_url: row.merchantWebsite,
    description: describe(row, service, today),
    merchant_id: null,
    bill_date: bill?.billDate ?? null,
    is_returnable:
      row.kind === 'applied' &&
      bill !== undefined &&
      bill.billDate >= today &&
      !returnedKeys.has(row.sourceKey),
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
