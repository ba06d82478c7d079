/**
 * Subscriptions a person added by hand from one of their transactions, where detection missed
 * them, and the rule that lets detection keep them. Pure, so the rule is read and
 * tested in one place.
 *
 * The rule: a money-out charge belongs to an added subscription when it has the merchant of the
 * charge it was added from (the engine's normalised merchant, so descriptor noise such as store
 * numbers and dates does not matter), falls on or after that first charge, and is within ±30 %
 * of the subscription's latest amount (the tolerance detection's own matching uses, which keeps
 * a second plan at one merchant apart). Every engine stream that shares a charge with an added
 * subscription is folded into it rather than stored twice; the added one is never deleted.
 */
import { centsToDollars, dollarsToCents, type AddableCadence } from '@billow/contracts';
import { DEFAULT_CATALOGUE, monthlyAmount, normalizeMerchant } from '@billow/recurring';
import { addMonths, formatHumanDate, formatIsoDate, parseIsoDate } from '@billow/recurring/dates';
import type { SubscriptionRow, SubscriptionValues } from './subscriptions.repo';

/** A bank transaction as the rule reads it. */
export type Charge = {
  id: string;
  /** The day it was charged (the authorised date, else the posted one). */
  date: string;
  name: string;
  merchantName: string | null;
  amountCents: number;
  accountId: string;
};

/** The engine's merchant reading of a transaction: name, website, category and its key. */
export const merchantOf = (charge: Pick<Charge, 'name' | 'merchantName'>) =>
  normalizeMerchant(charge.name, DEFAULT_CATALOGUE, charge.merchantName);

const DAY_STEPS: Partial<Record<AddableCadence, number>> = {
  DAILY: 1,
  WEEKLY: 7,
  BIWEEKLY: 14,
  SEMI_MONTHLY: 15,
};
const MONTH_STEPS: Partial<Record<AddableCadence, number>> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  YEARLY: 12,
};

/** The charge one cadence after `date` (YYYY-MM-DD); month steps keep the day, clamped. */
export function nextChargeDate(date: string, cadence: AddableCadence): string {
  const day = parseIsoDate(date);
  const months = MONTH_STEPS[cadence];
  return formatIsoDate(months ? addMonths(day, months) : day + (DAY_STEPS[cadence] ?? 30));
}

/** "Nov 10, 2026", as detection's own evidence writes a date. */
const humanDate = (date: string) => formatHumanDate(parseIsoDate(date));
const addedFrom = (date: string) => `Added by you from the charge on ${humanDate(date)}`;

type AddedRow = Pick<SubscriptionRow, 'merchantKey' | 'firstChargeDate' | 'amountCents'>;

export function isChargeOf(row: AddedRow, charge: Charge, merchantKey: string): boolean {
  return (
    charge.amountCents > 0 &&
    merchantKey === row.merchantKey &&
    charge.date >= row.firstChargeDate &&
    Math.abs(charge.amountCents - row.amountCents) <= 0.3 * row.amountCents
  );
}

/**
 * Which of the person's charges each added subscription holds: the ones it held already (its
 * first charge stays, whatever the merchant reading later says) and every later one of its
 * merchant, in date order, each charge to one subscription only. A subscription's amount follows
 * its charges as they are taken, so a price that creeps up stays in the band.
 */
export function chargesOfAdded(
  added: { row: AddedRow & { id: string }; transactionIds: Set<string> }[],
  charges: Charge[],
): Map<string, Charge[]> {
  const held = new Map(added.map(({ row }) => [row.id, [] as Charge[]]));
  if (added.length === 0) return held;
  const ownerOf = new Map<string, string>();
  for (const { row, transactionIds } of added) {
    for (const id of transactionIds) if (!ownerOf.has(id)) ownerOf.set(id, row.id);
  }
  const latest = new Map(added.map(({ row }) => [row.id, row.amountCents]));
  const sorted = [...charges].sort((a, b) => a.date.localeCompare(b.date));
  for (const charge of sorted) {
    let owner = ownerOf.get(charge.id);
    if (!owner && charge.amountCents > 0) {
      const key = merchantOf(charge).key;
      owner = added.find(({ row }) =>
        isChargeOf({ ...row, amountCents: latest.get(row.id)! }, charge, key),
      )?.row.id;
    }
    if (!owner) continue;
    held.get(owner)!.push(charge);
    if (charge.amountCents > 0) latest.set(owner, charge.amountCents);
  }
  return held;
}

/** A new added subscription's values, from the charge it is added from. */
export function addedValues(
  charge: Charge,
  choice: { name: string; cadence: AddableCadence },
  at: Date,
): SubscriptionValues {
  const merchant = merchantOf(charge);
  return {
    merchantName: choice.name,
    merchantWebsite: merchant.website,
    category: merchant.category,
    cadence: choice.cadence,
    status: 'ACTIVE',
    amountCents: charge.amountCents,
    averageAmountCents: charge.amountCents,
    previousAmountCents: null,
    priceChangedOn: null,
    normalizedMonthlyCents: dollarsToCents(
      monthlyAmount(centsToDollars(charge.amountCents), choice.cadence),
    ),
    renewalDate: nextChargeDate(charge.date, choice.cadence),
    cancelDate: null,
    firstChargeDate: charge.date,
    lastChargeDate: charge.date,
    paymentAccountId: charge.accountId,
    isPriceIncrease: false,
    confidence: 1,
    evidence: [addedFrom(charge.date)],
    isUserAdded: true,
    merchantKey: merchant.key,
    updatedAt: at,
  };
}

/**
 * An added subscription after detection ran: its last charge, amount and next date follow the
 * charges it holds; its name, cadence and status stay the person's.
 */
export function addedAfterDetection(
  row: SubscriptionRow,
  held: Charge[],
  at: Date,
): SubscriptionValues {
  const { id: _id, userId: _userId, createdAt: _createdAt, ...kept } = row;
  const paid = held.filter((charge) => charge.amountCents > 0);
  const last = paid.at(-1);
  if (!last) return { ...kept, updatedAt: at };
  const cadence = row.cadence as AddableCadence;
  const before = paid.findLast((charge) => charge.amountCents !== last.amountCents);
  const total = paid.reduce((sum, charge) => sum + charge.amountCents, 0);
  return {
    ...kept,
    amountCents: last.amountCents,
    averageAmountCents: Math.round(total / paid.length),
    previousAmountCents: before ? before.amountCents : null,
    isPriceIncrease: before !== undefined && last.amountCents > before.amountCents,
    // The first charge at the latest price: the one after the last charge at another price.
    priceChangedOn: before ? (paid[paid.indexOf(before) + 1]?.date ?? null) : null,
    normalizedMonthlyCents: dollarsToCents(
      monthlyAmount(centsToDollars(last.amountCents), cadence),
    ),
    firstChargeDate: paid[0]!.date,
    lastChargeDate: last.date,
    renewalDate: nextChargeDate(last.date, cadence),
    paymentAccountId: last.accountId,
    evidence: [
      addedFrom(paid[0]!.date),
      ...(paid.length > 1
        ? [`${paid.length} charges so far, the latest on ${humanDate(last.date)}`]
        : []),
    ],
    updatedAt: at,
  };
}
