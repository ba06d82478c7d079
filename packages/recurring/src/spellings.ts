/**
 * One merchant, several spellings: the joins made before any search, so a stream whose charges
 * alternate between a merchant's spellings is searched whole. A merchant the catalogue does not
 * know is joined by the start of its name's letters (`joinSpellings`) or, with no shared start
 * beyond a brand word, by the brand and one price to the cent (`joinBrands`).
 */
import type { Charge } from './charges';
import { GENERIC_WORDS } from './merge-fragments';
import { RAW_KEY } from './normalize';
import type { NormalizedMerchant } from './types';

/**
 * One merchant's transactions as gathered, before its merchant is worked out in full: `found`
 * is `identifyMerchant`'s answer (for a merchant the catalogue does not know, the cleaned
 * descriptor).
 */
export type Gathered = { found: NormalizedMerchant | string; charges: Charge[]; refunds: Charge[] };

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
export function joinSpellings(groups: readonly Gathered[]): void {
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
export function joinBrands(groups: readonly Gathered[]): void {
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
