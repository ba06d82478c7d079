/**
 * Subscriptions: detection over a person's transactions (packages/recurring), kept with stable
 * ids, and the reads the dashboard needs.
 *
 * Matching a detected stream to a stored subscription, in order:
 *   1. the stored one that holds the most of the stream's transactions;
 *   2. else one with the same merchant and cadence and an amount within ±30%.
 * A stored subscription no stream matches is deleted, unless the person marked it as not a
 * subscription: that row stays, keeps matching its stream, and keeps it hidden for good; or
 * unless it has history (a negotiation, payments, savings, rewards): then it is ended
 * (CANCELLED), never deleted, so that history keeps its bill (subscriptions.repo.ts).
 * A subscription the person added by hand takes its merchant's charges before any of this, and
 * a stream sharing a charge with it is folded into it (user-added.ts).
 */
import type { Db } from '../../db/database';
import { detectRecurring, productAtPrice, type RecurringStream } from '@billow/recurring';
import { upcomingChargeDates } from '@billow/recurring/upcoming';
import {
  centsToDollars,
  dollarsToCents,
  localDateIn,
  priceIncreaseOf,
  type Subscription,
  type UpcomingCharge,
  type SubscriptionStatus,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { SubscriptionRow, SubscriptionsRepo, SubscriptionValues } from './subscriptions.repo';
import { addedAfterDetection, chargesOfAdded, type Charge } from './user-added';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Two plans at one merchant (iCloud+ and Apple Music, both "Apple") read as one name twice: each
 * is named by its product where its price says which ("iCloud+", "Apple Music"), else keeps
 * the merchant's name; two left with one name are told apart by price ("Apple · $4.49").
 */
function namesToldApart(rows: readonly SubscriptionRow[]) {
  const count = new Map<string, number>();
  for (const row of rows) count.set(row.merchantName, (count.get(row.merchantName) ?? 0) + 1);
  const productOf = (row: SubscriptionRow) =>
    productAtPrice(row.merchantWebsite, row.amountCents) ?? row.merchantName;
  const products = new Map<string, number>();
  for (const row of rows) {
    if ((count.get(row.merchantName) ?? 0) < 2) continue;
    products.set(productOf(row), (products.get(productOf(row)) ?? 0) + 1);
  }
  return (row: SubscriptionRow) => {
    if ((count.get(row.merchantName) ?? 0) < 2) return row.merchantName;
    const product = productOf(row);
    return (products.get(product) ?? 0) > 1
      ? `${product} · $${centsToDollars(row.amountCents).toFixed(2)}`
      : product;
  };
}

/** Rewards applied toward the subscription's charge on `date` (dollars; 0 for any other). */
function rewardCreditOn(
  s: Pick<SubscriptionRow, 'rewardCreditBillDate' | 'rewardCreditCents' | 'amountCents'>,
  date: string,
): number {
  return s.rewardCreditBillDate === date
    ? centsToDollars(Math.min(s.rewardCreditCents, s.amountCents))
    : 0;
}

const notFound = () =>
  new ProblemError('subscription-not-found', 'Subscription not found.', {
    code: 'subscription-not-found',
  });

type Stored = { row: SubscriptionRow; transactionIds: Set<string> };

function matchStreams(streams: RecurringStream[], stored: Stored[]): Map<RecurringStream, Stored> {
  const matches = new Map<RecurringStream, Stored>();
  const taken = new Set<string>();
  // Overlap first, strongest overlaps first, so a split or merged stream keeps the best id.
  const overlaps = streams.flatMap((stream) =>
    stored.map((candidate) => ({
      stream,
      candidate,
      shared: stream.transaction_ids.filter((id) => candidate.transactionIds.has(id)).length,
    })),
  );
  overlaps.sort((a, b) => b.shared - a.shared);
  for (const { stream, candidate, shared } of overlaps) {
    if (shared === 0) break;
    if (matches.has(stream) || taken.has(candidate.row.id)) continue;
    matches.set(stream, candidate);
    taken.add(candidate.row.id);
  }
  for (const stream of streams) {
    if (matches.has(stream)) continue;
    const candidate = stored.find(
      ({ row }) =>
        !taken.has(row.id) &&
        row.merchantName === stream.merchant &&
        row.cadence === stream.cadence &&
        Math.abs(row.amountCents - dollarsToCents(stream.last_amount)) <=
          0.3 * Math.abs(row.amountCents),
    );
    if (candidate) {
      matches.set(stream, candidate);
      taken.add(candidate.row.id);
    }
  }
  return matches;
}

function valuesOf(
  stream: RecurringStream,
  paymentAccountId: string | null,
  at: Date,
): SubscriptionValues {
  // The latest rise of a fixed price; whether it is still news is priceIncreaseOf's to say.
  const rise = stream.price_increase ? stream.price_change : null;
  return {
    merchantName: stream.merchant,
    merchantWebsite: stream.website,
    category: stream.category,
    cadence: stream.cadence,
    periodDays: stream.period_days,
    status: stream.status,
    amountCents: dollarsToCents(stream.last_amount),
    averageAmountCents: dollarsToCents(stream.average_amount),
    previousAmountCents: rise ? dollarsToCents(rise.from) : null,
    priceChangedOn: rise?.date ?? null,
    normalizedMonthlyCents: dollarsToCents(stream.normalized_monthly_amount),
    renewalDate: stream.status === 'CANCELLED' ? null : stream.predicted_next_date,
    cancelDate: stream.status === 'CANCELLED' ? stream.last_date : null,
    firstChargeDate: stream.first_date,
    lastChargeDate: stream.last_date,
    paymentAccountId,
    isPriceIncrease: stream.price_increase,
    confidence: stream.confidence,
    evidence: stream.evidence,
    updatedAt: at,
  };
}

/**
 * What a detection run may not undo: a negotiated amount holds until the bank shows a charge
 * newer than the negotiation, and a plan Billow paid for a year stays active until its renewal
 * date, however the monthly charges it replaced look.
 */
export function keepWhatBillowArranged(
  row: Pick<
    SubscriptionRow,
    | 'negotiatedAfter'
    | 'amountCents'
    | 'normalizedMonthlyCents'
    | 'previousAmountCents'
    | 'isBillowManaged'
    | 'renewalDate'
  > &
    Partial<Pick<SubscriptionRow, 'cancelledAfter' | 'cancelDate'>>,
  values: SubscriptionValues,
): SubscriptionValues {
  let kept = values;
  if (row.negotiatedAfter !== null && values.lastChargeDate <= row.negotiatedAfter) {
    kept = {
      ...kept,
      amountCents: row.amountCents,
      normalizedMonthlyCents: row.normalizedMonthlyCents,
      previousAmountCents: row.previousAmountCents,
      isPriceIncrease: false,
      priceChangedOn: null,
    };
  }
  if (row.isBillowManaged) {
    kept = { ...kept, status: 'ACTIVE', renewalDate: row.renewalDate, cancelDate: null };
  }
  // A cancellation the bank verified holds until the merchant charges again.
  if (row.cancelledAfter && values.lastChargeDate <= row.cancelledAfter) {
    kept = { ...kept, status: 'CANCELLED', renewalDate: null, cancelDate: row.cancelDate ?? null };
  }
  return kept;
}

export function createSubscriptionsService(deps: {
  repo: SubscriptionsRepo;
  clock?: () => Date;
  /** Told when a person's subscriptions changed (detection ran, one was marked not one). */
  onChanged?: (userId: string) => Promise<void>;
}) {
  const now = deps.clock ?? (() => new Date());

  // Each with the one detector's answer, so Spending lists what the bills say (docs/figures.md).
  async function withPriceIncreases(userId: string) {
    const [rows, timeZone] = await Promise.all([
      deps.repo.visibleOf(userId),
      deps.repo.timeZoneOf(userId),
    ]);
    const today = localDateIn(timeZone, now());
    return rows.map(({ subscription }) => ({
      ...subscription,
      priceIncrease: priceIncreaseOf(subscription, today),
    }));
  }

  return {
    /** Runs detection over everything the person's banks sent, and stores the result. */
    async detectForUser(userId: string): Promise<{ streams: number }> {
      const at = now();
      const rows = await deps.repo.transactionsForDetection(userId);
      const accountOf = new Map(rows.map((r) => [r.id, r.accountId]));
      const stored = await deps.repo.existingWithTransactions(userId);
      // What the person added by hand stays theirs: it takes its merchant's charges first.
      const added = stored.filter(({ row }) => row.isUserAdded);
      const heldByAdded = added.length
        ? chargesOfAdded(
            added,
            rows.map((r) => ({ ...r, date: r.authorizedDate ?? r.date })),
          )
        : new Map<string, Charge[]>();
      const takenByAdded = new Set(
        [...heldByAdded.values()].flatMap((charges) => charges.map((charge) => charge.id)),
      );
      const streams = detectRecurring(
        rows.map((r) => ({
          id: r.id,
          // When the merchant charged, not when the bank posted it: posting lag and weekends
          // blur a weekly rhythm that the authorised dates keep.
          date: r.authorizedDate ?? r.date,
          description: r.name,
          amount: centsToDollars(r.amountCents),
          account_id: r.accountId,
          merchant_name: r.merchantName,
        })),
        { asOf: isoDay(at) },
      )
        // Nothing to pay is no bill, except a free trial still running: many start at $0.
        .filter((stream) => stream.last_amount > 0 || stream.status === 'FREE_TRIAL')
        // A stream of charges an added subscription holds is that subscription, not a new one.
        .filter((stream) => !stream.transaction_ids.some((id) => takenByAdded.has(id)));

      const matches = matchStreams(
        streams,
        stored.filter(({ row }) => !row.isUserAdded),
      );
      const matchedIds = new Set([...matches.values()].map((m) => m.row.id));
      const paymentAccount = (stream: RecurringStream) =>
        accountOf.get(stream.transaction_ids.at(-1) ?? '') ?? null;

      await deps.repo.saveDetection(userId, {
        updates: [
          ...[...matches].map(([stream, match]) => ({
            id: match.row.id,
            values: keepWhatBillowArranged(match.row, valuesOf(stream, paymentAccount(stream), at)),
            transactionIds: stream.transaction_ids,
          })),
          ...added.map(({ row }) => {
            const held = heldByAdded.get(row.id) ?? [];
            return {
              id: row.id,
              values: keepWhatBillowArranged(row, addedAfterDetection(row, held, at)),
              transactionIds: held.map((charge) => charge.id),
            };
          }),
        ],
        inserts: streams
          .filter((stream) => !matches.has(stream))
          .map((stream) => ({
            values: valuesOf(stream, paymentAccount(stream), at),
            transactionIds: stream.transaction_ids,
          })),
        goneIds: stored
          .filter(
            ({ row }) =>
              !matchedIds.has(row.id) &&
              !row.userMarkedNotSubscription &&
              !row.isBillowManaged &&
              !row.isUserAdded,
          )
          .map(({ row }) => row.id),
      });
      await deps.onChanged?.(userId);
      return { streams: streams.length };
    },

    /**
     * Today where the person is, and the charges matched to their visible subscriptions from
     * `fromOf(today)` (YYYY-MM-DD, a month's first day), summed by month and their bill's
     * category, each sum dated by its first charge, in date order: the history the spending
     * chart reads. A charge from the earliest day today can be in any zone on is summed with its
     * day's only, so the chart can leave out the ones after the person's today. One wait: the
     * sums are asked at once with the person's zone, from the earliest day `fromOf` gives in any
     * zone (a local today is at most a day behind UTC's; `fromOf` must not move back as today
     * moves on), and cut to the person's own.
     */
    async chargeHistory(userId: string, fromOf: (today: string) => string) {
      const at = now();
      const earliestToday = isoDay(new Date(at.getTime() - 86_400_000));
      const [timeZone, charges] = await Promise.all([
        deps.repo.timeZoneOf(userId),
        deps.repo.spendOf(userId, fromOf(earliestToday), earliestToday),
      ]);
      const today = localDateIn(timeZone, at);
      const from = fromOf(today);
      return { today, charges: charges.filter((charge) => charge.date >= from) };
    },

    /** The person's visible subscriptions, each with its price increase (no charges read). */
    withPriceIncreases,

    /** The charges each ACTIVE subscription will make in [from, until], by the engine's schedule. */
    async upcomingCharges(userId: string, from: string, until: string): Promise<UpcomingCharge[]> {
      const rows = await deps.repo.visibleOf(userId);
      const nameOf = namesToldApart(rows.map((row) => row.subscription));
      return rows
        .flatMap(({ subscription: s }) =>
          s.status !== 'ACTIVE' || !s.renewalDate
            ? []
            : upcomingChargeDates(
                {
                  cadence: s.cadence as UpcomingCharge['cadence'],
                  predictedDate: s.renewalDate,
                  lastChargeDate: s.lastChargeDate,
                  periodDays: s.periodDays,
                },
                from,
                until,
              ).map((date) => ({
                subscription_id: s.id,
                merchant_name: nameOf(s),
                merchant_website_url: s.merchantWebsite,
                amount: centsToDollars(s.amountCents),
                date,
                cadence: s.cadence as UpcomingCharge['cadence'],
                category: s.category,
                reward_credit: rewardCreditOn(s, date),
              })),
        )
        .sort(
          (a, b) => a.date.localeCompare(b.date) || a.merchant_name.localeCompare(b.merchant_name),
        );
    },

    /**
     * The charges the person's visible subscriptions made in [from, until], by the day each was
     * charged, oldest first: a month's paid bills, apart from the ones still due.
     */
    async paidCharges(userId: string, from: string, until: string): Promise<UpcomingCharge[]> {
      const [rows, charges] = await Promise.all([
        deps.repo.visibleOf(userId),
        deps.repo.chargesOf(userId, from),
      ]);
      const byId = new Map(rows.map(({ subscription }) => [subscription.id, subscription]));
      const nameOf = namesToldApart(rows.map((row) => row.subscription));
      return charges
        .filter((charge) => charge.date <= until && charge.amountCents > 0)
        .flatMap((charge) => {
          const s = byId.get(charge.subscriptionId);
          return s
            ? [
                {
                  subscription_id: s.id,
                  merchant_name: nameOf(s),
                  merchant_website_url: s.merchantWebsite,
                  amount: centsToDollars(charge.amountCents),
                  date: charge.date,
                  cadence: s.cadence as UpcomingCharge['cadence'],
                  category: s.category,
                  reward_credit: 0,
                },
              ]
            : [];
        })
        .sort(
          (a, b) => a.date.localeCompare(b.date) || a.merchant_name.localeCompare(b.merchant_name),
        );
    },

    /** Today's date where the person is (their profile's zone), as YYYY-MM-DD. */
    async todayOf(userId: string): Promise<string> {
      return localDateIn(await deps.repo.timeZoneOf(userId), now());
    },

    async list(userId: string): Promise<Subscription[]> {
      // Days until due count from the person's own today, not the server's. A
      // date-only ISO string parses as UTC midnight; today is parsed once, not per row.
      const [timeZone, rows] = await Promise.all([
        deps.repo.timeZoneOf(userId),
        deps.repo.visibleOf(userId),
      ]);
      const today = localDateIn(timeZone, now());
      const todayMs = Date.parse(today);
      const nameOf = namesToldApart(rows.map((row) => row.subscription));
      return rows.map(({ subscription: s, accountName, accountMask, bankName }) => ({
        id: s.id,
        merchant_name: nameOf(s),
        merchant_website_url: s.merchantWebsite,
        amount: centsToDollars(s.amountCents),
        currency: s.currency,
        status: s.status as SubscriptionStatus,
        cadence: s.cadence as Subscription['cadence'],
        renewal_date: s.renewalDate,
        payment_method: accountName
          ? `${bankName ?? accountName} •••• ${accountMask ?? ''}`.trim()
          : null,
        cancel_date: s.cancelDate,
        is_billow_managed: s.isBillowManaged,
        user_marked_not_subscription: s.userMarkedNotSubscription,
        category: s.category,
        days_until_due: s.renewalDate
          ? Math.round((Date.parse(s.renewalDate) - todayMs) / 86_400_000)
          : null,
        normalized_monthly_amount: centsToDollars(s.normalizedMonthlyCents),
        is_atomic_manage_eligible: s.isAtomicManageEligible,
        evidence: s.evidence,
        is_price_increase: priceIncreaseOf(s, today) !== null,
        previous_amount:
          s.previousAmountCents === null ? null : centsToDollars(s.previousAmountCents),
        confidence: s.confidence,
        is_user_added: s.isUserAdded,
        reward_credit: s.renewalDate === null ? 0 : rewardCreditOn(s, s.renewalDate),
      }));
    },

    async transactionDetails(userId: string, subscriptionId: string) {
      const subscription = await deps.repo.withTransactions(userId, subscriptionId);
      if (!subscription || subscription.userMarkedNotSubscription) throw notFound();
      return {
        transaction_details: subscription.transactions.map((row) => ({
          subscription_id: subscriptionId,
          transaction_id: row.id,
          amount: centsToDollars(row.amountCents),
          currency: row.currency ?? 'USD',
          date: row.date,
          description: row.name,
          merchant_name: subscription.merchantName,
        })),
      };
    },

    async markNotSubscription(userId: string, subscriptionId: string) {
      if (!(await deps.repo.markNotSubscription(userId, subscriptionId))) throw notFound();
      await deps.onChanged?.(userId);
      return { success: true as const };
    },

    /** A cancellation the bank verified ends the subscription (the cancellations module's job). */
    async markCancelled(userId: string, subscriptionId: string, cancelledOn: string) {
      await deps.repo.markCancelled(userId, subscriptionId, cancelledOn);
      await deps.onChanged?.(userId);
    },

    /** Rewards applied toward a subscription's bill lower that bill (see `reward_credit`). */
    creditReward: (subscriptionId: string, billDate: string, cents: number, tx?: Db) =>
      deps.repo.creditReward(subscriptionId, billDate, cents, tx),
    /** A reward given back to the balance no longer lowers the bill it went toward. */
    clearRewardCredit: (subscriptionId: string, billDate: string, tx?: Db) =>
      deps.repo.clearRewardCredit(subscriptionId, billDate, tx),

    /**
     * A negotiated price applies from the next bill: the bill's amount becomes it, and its monthly
     * amount follows from it, so every screen shows the one new price (docs/figures.md).
     */
    applyNegotiatedPrice: (subscriptionId: string, amountCents: number, tx?: Db) =>
      deps.repo.applyNegotiatedPrice(subscriptionId, amountCents, tx),
    /** One of the person's bills as stored (for cancelling it), or undefined when not theirs. */
    billOf: (userId: string, subscriptionId: string) => deps.repo.findOwn(userId, subscriptionId),
    /** What the bank (never an imported file) shows of a bill: for verifying savings. */
    bankChargesOf: deps.repo.bankChargesOf,
    merchantChargesOf: deps.repo.merchantChargesOf,
    bankMonthlyOf: deps.repo.bankMonthlyOf,
    annualPlanBillsWithBankMonthly: deps.repo.annualPlanBillsWithBankMonthly,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
