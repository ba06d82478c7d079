/**
 * Entry point: transactions in, recurring outflow streams out.
 *
 * The rules, in short (each is explained where it is applied):
 * - Grouping. Transactions are grouped by normalised merchant (catalogue alias, else the cleaned
 *   descriptor) and each group is searched on its own: one pass, then one sort per merchant.
 * - Dates. A charge is placed on the day the merchant made it: the posting date, or the purchase
 *   date the bank printed in the descriptor ("CHECKCARD 1014", "AUTHORIZED ON 10/14") when that
 *   is up to a week earlier. Reported dates stay posting dates, and the next date is the next
 *   slot plus the posting offset that puts the most of the stream's recent postings within
 *   three days of it (charges.ts, stream.ts).
 * - Grid. A stream fills the slots of one cadence's billing grid: DAILY, WEEKLY, BIWEEKLY,
 *   SEMI_MONTHLY (two fixed days of the month), MONTHLY (billing day clamped to short months, so
 *   Jan 31 → Feb 28 → Mar 31), QUARTERLY or YEARLY. A charge is on time within ±2 days (weekly),
 *   ±3 (biweekly, semi-monthly), ±4 (monthly), ±5 (quarterly), ±7 (yearly), and still belongs
 *   to its slot up to 3/5/8/10/14 days late (a retry). A fit needs ≥ 75% of slots filled (a
 *   skipped cycle is fine), ≤ 20% extra or stray charges, ≤ 20% late ones, and charges on average
 *   within half the on-time window of their slot; the billing day may move once. A plan billed
 *   every four weeks fits a 28-day grid: reported with the nearest cadence (MONTHLY) but
 *   predicted from its true period (`period_days` 28), when that grid explains six or more
 *   charges without a misfit and clearly better than calendar months.
 * - Amounts. Fixed-price streams are found per amount level (to the cent, so two subscriptions
 *   at one merchant stay apart) and joined across price changes; one price billed twice a
 *   cycle on two days at least 3 apart (or a day or two apart, where the bank prints each
 *   purchase's day), each day's charges a plan of their own, is two plans, and one price on
 *   three days of the cycle or more is as many plans (same-price-plans.ts). Bills (utilities, telecom,
 *   internet, insurance, rent, loans, childcare) may vary up to 3× between cheapest and dearest
 *   month, monthly/quarterly/yearly only; any other merchant needs ≥ 6 strictly regular charges
 *   for a variable amount. Weekly and faster always need a fixed price.
 * - Minimum charges: 3 (weekly to quarterly); 2 monthly at a catalogue subscription merchant;
 *   2 yearly when the merchant is known or the amounts are identical (and nothing else is
 *   bought there); 10 daily.
 * - Trials. A $0–$1 charge up to 45 days before a stream's first charge is its free trial; at a
 *   catalogue subscription merchant, one within the last 35 days with nothing after it is a
 *   running trial (FREE_TRIAL, next charge a month after it).
 * - Refunds. A refund of a charge's exact amount within 10 days reverses it (failed payment,
 *   returned duplicate); the reversed charge stays in its stream. Refunds and other inflows are
 *   never streams.
 * - Pauses. No charge for max(75 days, 2.5 cycles), resuming on another billing day (or after 6
 *   cycles), is a cancellation and a resubscription: one stream with a gap, its status and next
 *   date following the latest run (merge-fragments.ts). Back at the very same price (or, at a
 *   catalogue subscription merchant billing monthly, within 1.25×), two charges are enough for
 *   the latest run, and one bill with nothing after it after a plan of four, unless it sits
 *   within another run of the merchant (fixed-streams.ts); a price level of four or more charges
 *   is cut at such a pause (not at storefronts).
 * - Fragments. Pieces of one subscription that another descriptor, another card or a price step
 *   split apart are joined when they share cadence, phase and merchant identity; a first run at
 *   $1 or less a charge joins the plan after it; two spellings that overlap in time join when
 *   together they fill one grid; a slow stream whose leftovers at about its price fill a faster
 *   grid is that faster stream (merge-fragments.ts, detect-group.ts).
 * - Two accounts. One bill paid from two accounts a day apart each cycle is a stream on each
 *   account (`streamsPerAccount`), not two charges a cycle that fit no grid.
 * - Habits. Merchants the catalogue marks habitual, habitual categories (coffee, groceries,
 *   restaurants, fuel, rides, shopping, transfers, cash…) and merchants with more than 2 stray
 *   amounts a month only qualify with one fixed amount, monthly (≥ 85% regular) or yearly
 *   (≥ 3 charges), charged within 1.5 days of its billing day on average (a haircut every four
 *   to six weeks lines up month after month but scatters around any day) — Amazon Subscribe &
 *   Save, not Amazon orders. At a merchant the catalogue doesn't know, a run of < 5 equal
 *   charges among twice as many others is treated as chance — unless it is the same plan at
 *   a stepped price on the same billing days, or its first months at an introductory price
 *   (up to ten times cheaper). A merchant that is a habit on all its charges is one on each
 *   account's share of them (`streamsPerAccount`).
 * - Storefronts. At a store the catalogue knows sells one-offs under its plans' descriptor (app
 *   stores, video rentals, console stores), a stream under 12 charges changes price once at
 *   most, and one under 5 is one price on time every time — four charges unless yearly where
 *   the person also buys one-offs there, where its charges also never go back to a card they
 *   left; no store plan bills semi-monthly or biweekly, and a new price on a store plan's latest
 *   bill must not come days before its billing day (storefronts.ts). Where three or more one-off purchases
 *   share any merchant, a stream needs three charges on a nearly full grid; a merchant searched
 *   account by account counts the purchases on every account.
 * - The bank's own fees (maintenance, overdraft, ATM, wire) are never streams, however regular.
 * - Status. CANCELLED once the predicted charge is overdue past a grace period (4 days weekly,
 *   6 biweekly/semi-monthly, 10 monthly, 20 quarterly, 30 yearly, 3 daily) — a weekly or
 *   biweekly plan that has skipped cycles before is forgiven one skipped cycle while the next
 *   is still to come; else FREE_TRIAL for
 *   a running trial; else FAILED_PAYMENT when the latest attempt was reversed; else ACTIVE.
 *   UNKNOWN is never produced: irregular histories are not reported at all.
 * - Own-account transfers ("ONLINE TRANSFER TO SAV …") are never streams, however regular.
 */
import {
  isCopyFromAnotherAccount,
  spansAccounts,
  streamsPerAccount,
  type SeenOnDay,
} from './accounts';
import { DEFAULT_CATALOGUE } from './catalog';
import { sortByDay, toCharge, type Charge } from './charges';
import { parseIsoDate } from './dates';
import { findGroupStreams, mayHoldStream, type MerchantGroup } from './detect-group';
import { mergeFragments, type Found } from './merge-fragments';
import {
  compileCatalogue,
  identifyMerchant,
  normalizeMerchant,
  displayName,
  RAW_KEY,
  unnamedMerchant,
} from './normalize';
import { joinBrands, joinSpellings, type Gathered } from './spellings';
import { buildStream } from './stream';
import type {
  DetectOptions,
  MerchantCatalogue,
  NormalizedMerchant,
  RecurringStream,
  Transaction,
} from './types';

export function detectRecurring(
  transactions: readonly Transaction[],
  options: DetectOptions = {},
): RecurringStream[] {
  const catalogue = options.catalogue ?? DEFAULT_CATALOGUE;
  compileCatalogue(catalogue);
  // Per raw descriptor that came with aggregator names, its merchant per name.
  const namedDescriptors = new Map<string, Map<string, NormalizedMerchant>>();
  // Per raw descriptor, its merchant's group when no aggregator name came with it: the one
  // thing most descriptors need, so it is kept apart from what only some need.
  const groupOfDescriptor = new Map<string, Gathered>();
  const groups = new MerchantGroups();
  let latestDay = -Infinity;

  // The same charge seen under two accounts (a bank login linked twice) counts once; a charge
  // repeated on one account (a double charge) counts twice. Keyed by descriptor, day and amount
  // (`isCopyFromAnotherAccount`). With one account there is nothing to look for.
  const hasAccounts = spansAccounts(transactions);
  const seenOnDay: SeenOnDay = new Map();
  // Indexed rather than `for…of`: an array iterator costs an object per step until the loop
  // is optimised, and most histories are detected once.
  for (let index = 0; index < transactions.length; index++) {
    const transaction = transactions[index] as Transaction;
    const charge = toCharge(transaction);
    const { description } = transaction;
    if (
      hasAccounts &&
      transaction.account_id !== undefined &&
      isCopyFromAnotherAccount(seenOnDay, charge.day, transaction)
    ) {
      continue;
    }
    if (charge.day > latestDay) latestDay = charge.day;
    let group: Gathered | undefined;
    if (transaction.merchant_name) {
      group = groups.of(
        merchantWithName(namedDescriptors, description, transaction.merchant_name, catalogue),
      );
    } else {
      group = groupOfDescriptor.get(description);
      if (!group) {
        group = groups.of(identifyMerchant(description, catalogue));
        groupOfDescriptor.set(description, group);
      }
    }
    (charge.amount < 0 ? group.refunds : group.charges).push(charge);
  }
  if (groups.inOrder.length === 0) return [];

  const asOf = options.asOf === undefined ? latestDay : parseIsoDate(options.asOf);
  if (Number.isNaN(asOf)) throw new RangeError(`asOf "${options.asOf}" is not a YYYY-MM-DD date`);

  joinSpellings(groups.inOrder);
  joinBrands(groups.inOrder);
  groups.payMembershipsAtTill();
  const found: Found[] = [];
  for (const gathered of groups.inOrder) {
    const group = toMerchantGroup(gathered);
    if (!group || !mayHoldStream(group)) continue;
    sortByDay(group.charges);
    sortByDay(group.refunds);
    const { candidates, isHabitual } = findGroupStreams(group, asOf);
    if (hasAccounts) candidates.push(...streamsPerAccount(group, candidates, isHabitual, asOf));
    // Named only now that it has a stream to show (`unnamedMerchant`).
    if (candidates.length > 0 && typeof gathered.found === 'string') {
      group.merchant.name = displayName(gathered.found);
    }
    for (const candidate of candidates) found.push({ candidate, merchant: group.merchant });
  }
  const streams: RecurringStream[] = [];
  for (const { candidate, merchant } of mergeFragments(found)) {
    const stream = buildStream(candidate, merchant, asOf);
    if (stream) streams.push(stream);
  }
  return streams.sort(
    (a, b) =>
      a.merchant.localeCompare(b.merchant) ||
      a.first_date.localeCompare(b.first_date) ||
      a.last_amount - b.last_amount,
  );
}

/**
 * The groups by merchant (as `identifyMerchant` answers), each made on first sight, in that
 * order. A merchant's key is its catalogue key, or "raw:" and the cleaned descriptor for one
 * the catalogue does not know; the latter are looked up by the cleaned descriptor alone, so no
 * key string is built per descriptor.
 */
class MerchantGroups {
  readonly inOrder: Gathered[] = [];
  private readonly byRawName = new Map<string, Gathered>();
  private readonly byKey = new Map<string, Gathered>();

  of(found: NormalizedMerchant | string): Gathered {
    let table = this.byKey;
    let name: string;
    if (typeof found === 'string') {
      table = this.byRawName;
      name = found;
    } else if (found.key.startsWith(RAW_KEY)) {
      // A merchant named by the aggregator but unknown to the catalogue shares the group of
      // its cleaned descriptor.
      table = this.byRawName;
      name = found.key.slice(RAW_KEY.length);
    } else {
      name = found.key;
    }
    let group = table.get(name);
    if (!group) {
      group = { found, charges: [], refunds: [] };
      table.set(name, group);
      this.inOrder.push(group);
    }
    return group;
  }

  /**
   * A store that sells a membership (a warehouse club) bills its yearly fee under the
   * membership's descriptor ("COSTCO MEMBERSHIP", "… ANNUAL RENEWAL") or, paid at the till,
   * under the store's ("COSTCO WHSE #0481"): a store charge at exactly a price the membership
   * was billed, a whole number of years before or after it, is that fee, and joins the
   * membership's charges. Shopping is paid in amounts to the cent that do not repeat a year
   * later to the week. The store is the habitual catalogue merchant with the membership's
   * website; a store's own "… MEMBERSHIP" descriptor (`membershipAt`) counts as well.
   */
  payMembershipsAtTill(): void {
    let stores: Map<string, Gathered> | null = null;
    for (const membership of this.byKey.values()) {
      const found = membership.found;
      if (
        typeof found === 'string' ||
        found.category !== 'shopping_membership' ||
        found.website === null ||
        membership.charges.length === 0
      )
        continue;
      if (!stores) {
        stores = new Map();
        for (const group of this.byKey.values()) {
          const store = group.found;
          if (typeof store !== 'string' && store.isRecurringMerchant === false && store.website)
            stores.set(store.website, group);
        }
      }
      const store = stores.get(found.website);
      if (!store || store.charges.length === 0) continue;
      // Only a yearly fee: a monthly plan's bills stand within a fortnight of a whole year
      // from any day, and a purchase at its price is not its bill.
      const yearly = membership.charges.filter((fee) =>
        membership.charges.every(
          (other) =>
            other === fee ||
            Math.abs(other.amount - fee.amount) >= 0.005 ||
            Math.abs(other.day - fee.day) >= MIN_FEE_GAP_DAYS,
        ),
      );
      if (yearly.length === 0) continue;
      const atTill = store.charges.filter((charge) =>
        yearly.some((fee) => isSameFeeYearsApart(fee, charge)),
      );
      if (atTill.length === 0) continue;
      membership.charges.push(...atTill);
      store.charges = store.charges.filter((charge) => !atTill.includes(charge));
    }
  }
}

/** A yearly fee paid at the till sits this many days either side of a whole year from another. */
const FEE_YEAR_DAYS = 14;
/** A membership's bills at one price closer than this are a faster plan's, not a yearly fee. */
const MIN_FEE_GAP_DAYS = 300;

/** The same amount to the cent, a whole number of years apart (give or take `FEE_YEAR_DAYS`). */
function isSameFeeYearsApart(fee: Charge, charge: Charge): boolean {
  if (Math.abs(fee.amount - charge.amount) >= 0.005) return false;
  const years = Math.abs(fee.day - charge.day) / 365.25;
  const whole = Math.round(years);
  return whole >= 1 && Math.abs(years - whole) * 365.25 <= FEE_YEAR_DAYS;
}

/**
 * The group with its merchant, or null when it has no charge — or one charge at a merchant the
 * catalogue does not know, which is never a stream (`mayHoldStream`: such a merchant is not a
 * known subscription merchant). Most one-off shops are seen once, so their names and
 * categories are never worked out; a merchant the catalogue does not know gets its name only
 * once it has a stream (`unnamedMerchant`).
 */
function toMerchantGroup(gathered: Gathered): MerchantGroup | null {
  const { found, charges, refunds } = gathered;
  if (charges.length === 0 || (typeof found === 'string' && charges.length < 2)) return null;
  return { merchant: typeof found === 'string' ? unnamedMerchant(found) : found, charges, refunds };
}

/**
 * The merchant of a descriptor that came with the aggregator's name, worked out once per
 * descriptor and name. Only such descriptors get a table of names: most histories have none.
 */
function merchantWithName(
  namedDescriptors: Map<string, Map<string, NormalizedMerchant>>,
  description: string,
  merchantName: string,
  catalogue: MerchantCatalogue,
): NormalizedMerchant {
  let byName = namedDescriptors.get(description);
  if (!byName) {
    byName = new Map();
    namedDescriptors.set(description, byName);
  }
  let merchant = byName.get(merchantName);
  if (!merchant) {
    merchant = normalizeMerchant(description, catalogue, merchantName);
    byName.set(merchantName, merchant);
  }
  return merchant;
}
