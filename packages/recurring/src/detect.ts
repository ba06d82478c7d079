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
 *   cycle on two days at least 3 apart, each day's charges a plan of their own, is two plans
 *   (same-price-plans.ts). Bills (utilities, telecom,
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
 *   the latest run, and one bill with nothing after it after a plan of four (fixed-streams.ts);
 *   a price level of four or more charges is cut at such a pause (not at storefronts).
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
 *   charges among twice as many others is treated as chance.
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
import { DEFAULT_CATALOGUE } from './catalog';
import { TRIAL_MAX_AMOUNT, type Candidate } from './candidate';
import { placeOnPurchaseDay, sortByDay, toCharge, type Charge } from './charges';
import { parseIsoDate } from './dates';
import { findGroupStreams, type MerchantGroup } from './detect-group';
import { GENERIC_WORDS, mergeFragments, type Found } from './merge-fragments';
import {
  compileCatalogue,
  identifyMerchant,
  isBankFee,
  normalizeMerchant,
  displayName,
  RAW_KEY,
  unnamedMerchant,
} from './normalize';
import { standingAmongPurchases } from './storefronts';
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
    if (description.charCodeAt(0) === 67 || description.indexOf('/') >= 0) {
      placeOnPurchaseDay(charge, description);
    }
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
    const candidates = findGroupStreams(group, asOf);
    if (hasAccounts) candidates.push(...streamsPerAccount(group, candidates, asOf));
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

/** Letters shorter than this are too common a start of a name to say it is one merchant. */
const SPELLING_MIN_LETTERS = 5;

/**
 * A merchant the catalogue does not know prints its name in several ways: with and without
 * spaces ("GREEN CHEF", "GREENCHEF"), cut short ("SQ *MELODY MUSIC", "MELODY MUSIC STUDIO
 * LLC"), a product after it ("ROVER.COM* WALKS"). Its identity is the name's letters and digits
 * without spaces or punctuation: a descriptor whose identity begins with another's (of at least
 * `SPELLING_MIN_LETTERS`) is the same merchant, and its charges join that group before any
 * search, so a stream whose charges alternate between spellings is searched whole instead of as
 * pieces too holed to be streams. The joined groups are left empty.
 */
function joinSpellings(groups: readonly Gathered[]): void {
  // A merchant seen once holds no stream of its own, and most one-off shops are seen once: such
  // a spelling's identity is worked out only when it starts as one seen twice or more does.
  const named: Array<{ identity: string; group: Gathered }> = [];
  const starts = new Set<number>();
  const once: Array<{ name: string; group: Gathered }> = [];
  for (const group of groups) {
    const name = rawNameOf(group.found);
    if (name === null) continue;
    if (group.charges.length < 2) {
      once.push({ name, group });
      continue;
    }
    named.push({ identity: identityOf(name), group });
    starts.add(identityStart(name));
  }
  if (named.length === 0) return;
  for (const { name, group } of once) {
    if (starts.has(identityStart(name))) named.push({ identity: identityOf(name), group });
  }
  if (named.length < 2) return;
  named.sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0));
  let base: (typeof named)[number] | null = null;
  for (const entry of named) {
    if (base && entry.identity.startsWith(base.identity)) {
      base.group.charges.push(...entry.group.charges);
      base.group.refunds.push(...entry.group.refunds);
      entry.group.charges = [];
      entry.group.refunds = [];
    } else {
      base = entry.identity.length >= SPELLING_MIN_LETTERS ? entry : null;
    }
  }
}

/**
 * Words a name may start with that say where or what kind, not who ("CITY OF …", "NORTH …",
 * "AMERICAN …"): two names starting with one are not one merchant.
 */
const LEADING_PLACE_WORDS = new Set([
  'CITY',
  'COUNTY',
  'STATE',
  'TOWN',
  'VILLAGE',
  'NEW',
  'SAN',
  'SANTA',
  'LOS',
  'LAS',
  'SAINT',
  'FIRST',
  'NORTH',
  'SOUTH',
  'EAST',
  'WEST',
  'GREAT',
  'AMERICAN',
  'NATIONAL',
  'UNITED',
  'UNIVERSITY',
  'INTERNATIONAL',
  'GLOBAL',
]);
/** Letters of a brand that another brand must share to be read as its short form (BARK, BARKBOX). */
const BRAND_MIN_PREFIX = 4;
/** One plan bills once a cycle (see `billsOnePrice`). */
const SAME_CYCLE_SHARE = 0.6;
const SAME_CYCLE_MAX_DAYS = 25;

type Branded = { brand: string; name: string; group: Gathered };

/**
 * A merchant the catalogue does not know may print its name ways with no shared start beyond
 * its brand — the first word: "KUMON CENTER", "KUMON NORTH AMERICA", "KUMON OF NORTHSIDE";
 * "AAA CLUB ALLIANCE", "AAA NORTHEAST DUES"; or the brand's short form before a product,
 * "BARK*BARKBOX" beside "BARKBOX" and "BARKSHOP BARKBOX". Spellings whose first words are one
 * brand (equal, or one the other's start of at least `BRAND_MIN_PREFIX` letters, or one a later
 * word of the other — directly or through a spelling already joined) and that bill one price
 * to the cent
 * are one merchant, and are searched as one group — unless the second spelling's charges at
 * that price fall between the first's, which one plan would not do (two branches, two plans). A membership
 * billed yearly under a new spelling each year is otherwise two merchants seen once each, and
 * a monthly plan alternating between three spellings three pieces too holed to stand.
 */
function joinBrands(groups: readonly Gathered[]): void {
  const byStart = new Map<string, Branded[]>();
  for (const group of groups) {
    if (group.charges.length === 0) continue;
    const name = rawNameOf(group.found);
    if (name === null) continue;
    const brand = brandOf(name);
    if (brand === null) continue;
    const branded: Branded = { brand, name, group };
    // Listed under its brand's start and under each later word's that could be a brand: the
    // brand may follow the processor's short form ("DZR*DEEZER PREMIUM" beside "DEEZER").
    for (const start of brandStarts(brand, name)) {
      const list = byStart.get(start);
      if (list) list.push(branded);
      else byStart.set(start, [branded]);
    }
  }
  for (const list of byStart.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => b.group.charges.length - a.group.charges.length);
    for (let i = 0; i < list.length; i++) {
      const base = list[i] as Branded;
      if (base.group.charges.length === 0) continue;
      // The brands joined so far: "BARK" joins "BARKSHOP BARKBOX", then "BARKBOX" joins "BARK".
      const brands = [base.brand];
      const names = [base.name];
      for (let grown = true; grown;) {
        grown = false;
        for (let j = i + 1; j < list.length; j++) {
          const other = list[j] as Branded;
          if (other.group.charges.length === 0) continue;
          if (
            !brands.some((brand) => isOneBrand(brand, other.brand)) &&
            !names.some(
              (name) => hasWord(name, other.brand) || hasWord(other.name, brandOfName(name)),
            )
          )
            continue;
          if (!billsOnePrice(base.group.charges, other.group.charges)) continue;
          base.group.charges.push(...other.group.charges);
          base.group.refunds.push(...other.group.refunds);
          other.group.charges = [];
          other.group.refunds = [];
          brands.push(other.brand);
          names.push(other.name);
          grown = true;
        }
      }
    }
  }
}

/** The name's first word when it can be a brand: three letters or more, not a common word. */
function brandOf(name: string): string | null {
  let end = 0;
  while (end < name.length) {
    const code = name.charCodeAt(end);
    if (code < 65 || code > 90) break;
    end++;
  }
  if (end < 3 || (end < name.length && name.charCodeAt(end) !== 32)) return null;
  const word = name.slice(0, end);
  return GENERIC_WORDS.has(word) || LEADING_PLACE_WORDS.has(word) ? null : word;
}

/** The starts a name is listed under in `joinBrands`: its brand's, and each later word's. */
function brandStarts(brand: string, name: string): string[] {
  const starts = [brand.slice(0, BRAND_MIN_PREFIX)];
  if (name.length === brand.length) return starts;
  for (const word of name.slice(brand.length + 1).split(' ')) {
    if (word.length < BRAND_MIN_PREFIX || brandOf(word) !== word) continue;
    const start = word.slice(0, BRAND_MIN_PREFIX);
    if (!starts.includes(start)) starts.push(start);
  }
  return starts;
}

/** The first word of a name already known to have a brand. */
function brandOfName(name: string): string {
  const space = name.indexOf(' ');
  return space < 0 ? name : name.slice(0, space);
}

/** Whether the word is one of the name's words after its first ("BARKSHOP BARKBOX", BARKBOX). */
function hasWord(name: string, word: string): boolean {
  let at = name.indexOf(' ' + word);
  while (at >= 0) {
    const end = at + 1 + word.length;
    if (end === name.length || name.charCodeAt(end) === 32) return true;
    at = name.indexOf(' ' + word, at + 1);
  }
  return false;
}

function isOneBrand(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= BRAND_MIN_PREFIX && longer.startsWith(shorter);
}

/**
 * Whether both lists hold charges at one price, and not as two plans would: one plan's charges
 * under two spellings stand a cycle apart, while two plans at one price put the second
 * spelling's charges between the first's — closer to them than `SAME_CYCLE_SHARE` of the
 * shortest gap either spelling leaves at that price, and than `SAME_CYCLE_MAX_DAYS` (a monthly
 * plan and another on the 20th; a spelling seen every third month beside two others is one
 * plan's, a cycle from theirs).
 */
function billsOnePrice(a: readonly Charge[], b: readonly Charge[]): boolean {
  const pricesOfB = new Set<number>();
  for (const charge of b) pricesOfB.add(centsOf(charge.amount));
  const tried = new Set<number>();
  let shared = false;
  for (const x of a) {
    const cents = centsOf(x.amount);
    if (!pricesOfB.has(cents) || tried.has(cents)) continue;
    tried.add(cents);
    const ownA = daysAtPrice(a, cents);
    const ownB = daysAtPrice(b, cents);
    const own = Math.min(shortestGap(ownA), shortestGap(ownB));
    if (nearestAcross(ownA, ownB) < Math.min(SAME_CYCLE_SHARE * own, SAME_CYCLE_MAX_DAYS)) {
      return false;
    }
    shared = true;
  }
  return shared;
}

function centsOf(amount: number): number {
  return Math.round(amount * 100);
}

function daysAtPrice(charges: readonly Charge[], cents: number): number[] {
  const days: number[] = [];
  for (const charge of charges) if (centsOf(charge.amount) === cents) days.push(charge.day);
  return days.sort((x, y) => x - y);
}

/** The shortest gap between consecutive days (sorted); Infinity for fewer than two. */
function shortestGap(days: readonly number[]): number {
  let gap = Infinity;
  for (let i = 1; i < days.length; i++) gap = Math.min(gap, (days[i] ?? 0) - (days[i - 1] ?? 0));
  return gap;
}

/** The shortest distance from a day of one sorted list to a day of the other, in one pass. */
function nearestAcross(a: readonly number[], b: readonly number[]): number {
  let nearest = Infinity;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    nearest = Math.min(nearest, Math.abs(x - y));
    if (x < y) i++;
    else j++;
  }
  return nearest;
}

/** The cleaned descriptor of a merchant the catalogue does not know; null for one it knows. */
function rawNameOf(found: NormalizedMerchant | string): string | null {
  if (typeof found === 'string') return found;
  return found.key.startsWith(RAW_KEY) ? found.key.slice(RAW_KEY.length) : null;
}

function identityOf(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/**
 * The first `SPELLING_MIN_LETTERS` characters of a name's identity as one number (-1 when it
 * has fewer): two identities one of which begins with the other start alike.
 */
function identityStart(name: string): number {
  let code = 0;
  let count = 0;
  for (let i = 0; i < name.length && count < SPELLING_MIN_LETTERS; i++) {
    let c = name.charCodeAt(i);
    if (c >= 97 && c <= 122) c -= 32;
    if ((c >= 65 && c <= 90) || (c >= 48 && c <= 57)) {
      code = code * 91 + c;
      count++;
    }
  }
  return count < SPELLING_MIN_LETTERS ? -1 : code;
}

/**
 * One bill paid from two accounts (two people of a household, or a checking account and a
 * card) puts two charges in each cycle, a day or so apart: together they fit no grid, though
 * each account's charges alone are a plain stream. So a merchant whose charges span accounts is
 * also searched account by account, among the charges the whole merchant's search left out;
 * what that finds overlaps in time with the other account's stream, so the two stay two
 * (merge-fragments.ts). A subscription moved from one card to another is still found whole
 * first, its pieces joined; with one account nothing here runs.
 */
function streamsPerAccount(
  group: MerchantGroup,
  found: readonly Candidate[],
  asOf: number,
): Candidate[] {
  const used = new Set<string>();
  for (const candidate of found) {
    for (const charge of candidate.members) used.add(charge.id);
    for (const charge of candidate.extras) used.add(charge.id);
    for (const charge of candidate.reversed) used.add(charge.id);
    if (candidate.trial) used.add(candidate.trial.id);
  }
  // Most merchants leave nothing, or one account's charges, out of their streams: then there
  // is no second account to search, and nothing is copied.
  const left = group.charges.filter((charge) => !used.has(charge.id));
  const firstAccount = left[0]?.account ?? '';
  if (!left.some((charge) => (charge.account ?? '') !== firstAccount)) return [];
  const byAccount = new Map<string, MerchantGroup>();
  const add = (charge: Charge, list: 'charges' | 'refunds') => {
    const account = charge.account ?? '';
    let own = byAccount.get(account);
    if (!own) {
      own = { merchant: group.merchant, charges: [], refunds: [] };
      byAccount.set(account, own);
    }
    // A copy: the search marks reversed charges on what it is given.
    own[list].push({ ...charge, isReversed: false });
  };
  for (const charge of left) add(charge, 'charges');
  for (const refund of group.refunds) add(refund, 'refunds');
  const streams: Candidate[] = [];
  const taken = new Set<string>();
  for (const own of byAccount.values()) {
    if (own.charges.length === 0 || !mayHoldStream(own)) continue;
    for (const candidate of findGroupStreams(own, asOf)) {
      streams.push(candidate);
      for (const charge of candidate.members) taken.add(charge.id);
      for (const charge of candidate.extras) taken.add(charge.id);
      if (candidate.trial) taken.add(candidate.trial.id);
    }
  }
  if (streams.length === 0) return streams;
  // One account's search sees only its own one-off purchases; at a storefront (an app store,
  // a video store) most may sit on the other accounts, and a price repeated a month apart on
  // one card is then still a purchase that repeated.
  const purchases: Charge[] = [];
  for (const own of byAccount.values()) {
    for (const charge of own.charges) {
      if (!charge.isReversed && charge.amount > 0 && !taken.has(charge.id)) purchases.push(charge);
    }
  }
  return standingAmongPurchases(streams, purchases, group.merchant, asOf);
}

/** Whether the transactions name two accounts or more (a transaction may name none). */
function spansAccounts(transactions: readonly Transaction[]): boolean {
  let seen: string | undefined;
  for (let index = 0; index < transactions.length; index++) {
    const account = (transactions[index] as Transaction).account_id;
    if (account === undefined) continue;
    if (seen === undefined) seen = account;
    else if (account !== seen) return true;
  }
  return false;
}

/**
 * Per day, the first transaction with an account of each descriptor and amount: one, or
 * several in the order seen. A day holds a handful of transactions, so comparing their
 * descriptors costs less than keeping a table per descriptor.
 */
type SeenOnDay = Map<number, Transaction | Transaction[]>;

/**
 * Whether this transaction repeats one already seen on another account: same descriptor, day
 * and amount. Registers it as the first of its kind otherwise.
 */
function isCopyFromAnotherAccount(
  seenOnDay: SeenOnDay,
  day: number,
  transaction: Transaction,
): boolean {
  const seen = seenOnDay.get(day);
  if (seen === undefined) {
    seenOnDay.set(day, transaction);
    return false;
  }
  if (!Array.isArray(seen)) {
    if (isSameKind(seen, transaction)) return seen.account_id !== transaction.account_id;
    seenOnDay.set(day, [seen, transaction]);
    return false;
  }
  for (let index = 0; index < seen.length; index++) {
    const other = seen[index] as Transaction;
    if (isSameKind(other, transaction)) return other.account_id !== transaction.account_id;
  }
  seen.push(transaction);
  return false;
}

/** Same descriptor and amount (amounts compare as the original string key did: identity). */
function isSameKind(a: Transaction, b: Transaction): boolean {
  return a.description === b.description && sameAmount(a.amount, b.amount);
}

function sameAmount(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * One merchant's transactions as gathered, before its merchant is worked out in full: `found`
 * is `identifyMerchant`'s answer (for a merchant the catalogue does not know, the cleaned
 * descriptor).
 */
type Gathered = { found: NormalizedMerchant | string; charges: Charge[]; refunds: Charge[] };

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

/**
 * Most merchants in a history are one-off purchases; only a lone trial charge at a known
 * subscription merchant can make a stream out of a single charge, so the rest are skipped early.
 */
function mayHoldStream(group: MerchantGroup): boolean {
  const [first, second] = group.charges;
  if (!first) return false;
  // A transfer the catalogue does not know (not Venmo, Zelle, …) moves money between the
  // person's own accounts: regular, but neither a subscription nor a bill.
  if (group.merchant.category === 'transfers' && group.merchant.catalogueId === null) return false;
  // The bank's own fees are the account's cost, however regular (`isBankFee`).
  if (group.merchant.key.startsWith(RAW_KEY) && isBankFee(group.merchant.key.slice(RAW_KEY.length)))
    return false;
  return (
    second !== undefined ||
    (first.amount <= TRIAL_MAX_AMOUNT && group.merchant.isRecurringMerchant === true)
  );
}
