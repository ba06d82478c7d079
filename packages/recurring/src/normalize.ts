/**
 * Turns a raw bank descriptor ("POS DEBIT 03/14 PLANET FIT #1234") into a merchant. First the
 * noise card networks and processors put in front is stripped (POS/ACH/DEBIT…, "SQ *",
 * "PAYPAL *", "TST*"), then the catalogue's aliases are tried, all at once through one compiled
 * regular expression. Descriptors no alias knows fall back to a cleaned, title-cased name with
 * phone numbers, dates, reference and store numbers and the city/state tail removed, so the
 * same merchant groups together even when every charge carries a different reference.
 */
import { DEFAULT_CATALOGUE } from './catalog';
import type {
  MerchantCatalogue,
  MerchantCatalogueEntry,
  NormalizedMerchant,
  SubscriptionCategory,
} from './types';

/**
 * One catalogue tier, indexed for matching. The rule is that of one alternation of every alias
 * (longest source first) behind a shared word-start look-behind: the leftmost word start where
 * any alias matches wins, and there the first alias in order. Rather than one regular
 * expression with hundreds of capture groups (slow to run, and every match allocates them all),
 * each word start only tries the aliases whose literal prefix it starts with, each through its
 * own sticky expression — same answer, a fraction of the work.
 * Protects `npm run bench:detect`'s throughput per CPU second (goal ≥ 1 M tx/s, still unmet).
 */
type AliasIndex = {
  /** Per first two character codes: the aliases that may start with them, in alternation order. */
  byFirstPair: Map<number, CompiledAlias[]>;
  /** Per first character code: the aliases with at most that one literal character. */
  byFirstChar: Map<number, CompiledAlias[]>;
  /** Aliases with no literal prefix: tried at every word start. */
  anywhere: CompiledAlias[];
  /** `byFirstPair` and `byFirstChar` for ASCII, as flat tables (index first × 128 + second). */
  asciiPairs: Array<CompiledAlias[] | undefined>;
  asciiChars: Array<CompiledAlias[] | undefined>;
};

type CompiledAlias = {
  /** Its tier (`CompiledCatalogue.tiers`): a lower tier wins wherever it matches. */
  tier: number;
  /** Position in the alternation: lower wins at one place. */
  order: number;
  /** Characters every match starts with (may be empty). */
  prefix: string;
  /** The prefix's third character code, or -1 when it has fewer (see `matchAt`). */
  third: number;
  /** Sticky: matches only at `lastIndex`; null when the alias is plain text (the prefix). */
  pattern: RegExp | null;
  /** For plain text: whether a letter or digit may not follow ("HULU" is not "HULUK"). */
  endsWord: boolean;
  entry: MerchantCatalogueEntry;
};

/**
 * Subscription merchants are tried before habitual ones, so "DOORDASH DASHPASS" is DashPass
 * even though the habitual "DOORDASH" alias matches further left.
 */
type CompiledCatalogue = {
  tiers: AliasIndex[];
  /**
   * Per ASCII pair (first × 128 + second): the aliases every tier tries at a word start
   * followed by one more character, tier by tier, each tier's in alternation order; undefined
   * where none may match. One lookup per word start rather than one per tier.
   */
  asciiPairs: Array<CompiledAlias[] | undefined>;
  /**
   * `asciiPairs` split once more by the third character (ASCII only): per pair, per third
   * character code, the pair's aliases that may still match there — those with a shorter prefix
   * and those whose prefix goes on with that character. A pair's list holds every alias sharing
   * its first two letters, and most of them differ at the third; choosing by it up front spares
   * comparing each (`firstMatch`).
   */
  asciiTriples: Array<Array<CompiledAlias[] | undefined> | undefined>;
  /**
   * Whether an alias's match at a place depends only on the text from there on (and the
   * character before): no alias looks behind or anchors at the start. Then a rescan of the
   * raw descriptor can skip the part already scanned as the stripped one (`identifyMerchant`).
   */
  isLocal: boolean;
  /** One merchant object per entry (and per entry's membership product), shared by detections. */
  merchants: Map<MerchantCatalogueEntry, NormalizedMerchant>;
  memberships: Map<MerchantCatalogueEntry, NormalizedMerchant>;
};

const LEADING_NOISE =
  /^(?:(?:POS|DEBIT|CREDIT|PURCHASE|RECURRING|CHECKCARD|CHECK CARD|ACH|WITHDRAWAL|PRE-?AUTHORIZED|ELECTRONIC|ONLINE|WEB|CARD|VISA|DBT|PMT|AUTO ?PAY|BILL ?PAY|PAYMENT(?: TO)?|TRANSACTION|TXN|AUTHORIZED ON|SALE|INTL|REFUND|REVERSAL|RETURNED ITEM|RETURN|MERCHANDISE RETURN)(?![A-Z0-9])[\s:*#-]*|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\s+|X{2,}\d{2,4}\s+|CARD \d{4}\s+)+/;
const PROCESSOR_PREFIX =
  /^(?:SQ ?\*|SQU ?\*|PAYPAL ?\*|PP ?\*|TST ?\*|SP ?\*|SP (?=[A-Z])|PY ?\*|IN ?\*|BT ?\*|DD ?\*|GOOGLE ?\*|APL ?\*|CKO ?\*|FS ?\*|2CO ?\*|EB ?\*|ZEL ?\*)\s*/;

/** NACHA-style tails ("DES:AUTO PAY ID:1234 INDN:SMITH JOHN CO ID:99 PPD") carry no merchant. */
const ACH_TAIL =
  /\s(?:DES|INDN|CO ID|ID|WEB ID|PPD ID|CO ENTRY DESCR|ENTRY DESCR|SEC):.*$|\s(?:PPD|CCD|WEB)$/;
const PHONE = /\(?\b\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}\b|\b1?-?8\d\d-?[A-Z]{7}\b|\b\d{3}-\d{7}\b/g;
/** A masked card number, or "CARD 0180": the card's last four, which change with the card. */
const MASKED_CARD = /(?:X{2,}|\*{2,})\d{2,4}|\bCARD \d{4}\b/g;
/** `DATES` for a text without '/' or '-': only the month-name dates can match there. */
const MONTH_DATES = /\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC) ?\d{1,2}\b/g;
const DATES =
  /\b(?:ON )?\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC) ?\d{1,2}\b/g;
const REFERENCES =
  /\b(?:WEB ID|PPD ID|CO ID|REF|REFERENCE|CONF|CONFIRMATION|TRACE|AUTH|TRN|TXN|INV|INVOICE|ORDER|ACCT|ACCOUNT|ID)\b\s*(?:NO\.?|NUM|NUMBER)?\s*[#:]?\s*[A-Z0-9-]*\d[A-Z0-9-]*/g;
const STORE_NUMBERS = /#\s*[A-Z0-9-]+|\bSTORE ?\d+\b|\bNO\. ?\d+\b/g;
const STAR_REFERENCE = /\*\s*[A-Z0-9]*\d[A-Z0-9]*/g;
const WEB_SUFFIX = /\.(?:COM|NET|ORG|IO|CO|US|TV)\b(?:\/\S*)?/g;
const HAS_DIGIT = /\d/;
const SPACES = /\s+/g;
const STATE_TAIL =
  / (?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|US|USA)$/;
/** Words that say how or what kind, not who: "TOYOTA FINANCIAL SVCS PMT", "SUNRISE APARTMENTS, LLC". */
const TRAILING_NOISE =
  / (?:SUBSCRIPTION|MEMBERSHIP|PMT|PYMT|PAYMENT|AUTOPAY|AUTO PAY|BILL ?PAY|ONLINE|WEB|RECURRING|ACH|DEBIT|PURCHASE|LLC|L L C|INC|CORP|CORPORATION|LTD)$/;
const CITY_TAIL =
  / (?:NEW YORK|NEWYORK|BROOKLYN|LOS ANGELES|SAN FRANCISCO|SAN FRAN|SAN JOSE|SAN DIEGO|OAKLAND|BERKELEY|SEATTLE|PORTLAND|AUSTIN|DALLAS|HOUSTON|SAN ANTONIO|CHICAGO|BOSTON|CAMBRIDGE|DENVER|PHOENIX|ATLANTA|MIAMI|ORLANDO|TAMPA|CHARLOTTE|RALEIGH|NASHVILLE|PHILADELPHIA|PITTSBURGH|WASHINGTON|BALTIMORE|DETROIT|MINNEAPOLIS|ST LOUIS|KANSAS CITY|COLUMBUS|CLEVELAND|CINCINNATI|INDIANAPOLIS|MILWAUKEE|SALT LAKE CITY|LAS VEGAS|SACRAMENTO|PALO ALTO|MOUNTAIN VIEW|SUNNYVALE|SANTA MONICA|LOS GATOS|CUPERTINO|REDMOND|BELLEVUE|JERSEY CITY|HOBOKEN|ARLINGTON|ALEXANDRIA|IRVINE|PASADENA|LONG BEACH|HONOLULU|ANCHORAGE|SPRINGFIELD)$/;

/**
 * Words that say the charge is a membership or subscription fee. At a merchant otherwise visited
 * for shopping (a warehouse club, a grocery delivery service) they mark a product of its own:
 * the yearly fee is a subscription even though the weekly shop is not.
 */
const MEMBERSHIP_WORDS = /\bMEMBERSH|\bSUBSCRIPTION\b|\bANNUAL (?:FEE|RENEWAL|DUES)\b|\bRENEWAL\b/;

/** Keywords that place an unknown merchant in a category; the first match wins. */
const CATEGORY_KEYWORDS: ReadonlyArray<[RegExp, SubscriptionCategory]> = [
  [
    /\b(?:ELECTRIC|ENERGY|POWER|UTILIT|WATER|SEWER|TRASH|WASTE|GAS & ELEC|GAS CO|CITY OF)/,
    'utilities',
  ],
  [/\b(?:INSURANCE|INS CO|MUTUAL|ASSURANCE|INDEMNITY)\b/, 'insurance'],
  [/\b(?:RENT|APARTMENTS?|APTS|PROPERTIES|PROPERTY|LEASING|HOA|MGMT|RESIDENTIAL)\b/, 'rent'],
  [
    /\b(?:LOANS?|MORTGAGE|LENDING|FINANCIAL|FINANCE|AUTO PMT|STUDENT LN|NAVIENT|SALLIE MAE)\b/,
    'loans',
  ],
  [/\b(?:WIRELESS|MOBILE|TELECOM|CELLULAR)\b/, 'telecom'],
  [/\b(?:INTERNET|BROADBAND|FIBER|CABLE)\b/, 'internet'],
  [/\b(?:FITNESS|GYM|YOGA|PILATES|CROSSFIT|BARRE|CLIMBING)\b/, 'fitness'],
  [/\b(?:DAYCARE|CHILDCARE|PRESCHOOL|TUITION|ACADEMY|MONTESSORI|SCHOOL)\b/, 'childcare'],
  [/\b(?:COFFEE|CAFE|ESPRESSO|ROASTERS|BAKERY)\b/, 'coffee'],
  // Paid per visit, often at one price every few weeks: a habit, not a plan.
  [
    /\b(?:SALON|BARBER|BARBERSHOP|BARBERS|NAILS?|CLIPS|SUPERCUTS|HAIRCUTS?|HAIR|LASH|LASHES|BROWS?|WAXING|SPA)\b/,
    'personal_care',
  ],
  [/\b(?:MARKET|GROCERY|GROCER|FOODS|SUPERMARKET)\b/, 'groceries'],
  [
    /\b(?:RESTAURANT|PIZZA|GRILL|TACOS?|BURGERS?|KITCHEN|DINER|SUSHI|THAI|BBQ|CANTINA|BISTRO)\b/,
    'restaurants',
  ],
  [/\b(?:FUEL|PETRO|GAS STATION|GASOLINE|OIL)\b/, 'gas'],
  [/\b(?:PARKING|PARK ?MOBILE|TOLL|TRANSIT|METRO)\b/, 'transport'],
  [/\b(?:ATM|WITHDRAWAL|WITHDRAW|CASH)\b/, 'cash'],
  [/\b(?:TRANSFER|XFER|TRANSFERS)\b/, 'transfers'],
  // Saving into one's own plan (a 529, an IRA, a brokerage account) is a transfer, not a bill.
  [/\b(?:529|CONTRIB|CONTRIBS|CONTRIBUTION|CONTRIBUTIONS|BROKERAGE)\b/, 'transfers'],
  // Paying one's own credit card moves money between one's own accounts, like a transfer.
  [
    /\b(?:CREDIT CRD|CRD AUTOPAY|CRD EPAY|EPAYMENT|CARD PAYMENT|CARDMEMBER SERV|AUTOMATIC PAYMENT|PAYMENT THANK YOU)\b/,
    'transfers',
  ],
];

/**
 * Whether any category's keyword is there at all: most merchants the catalogue does not know
 * have none, and one search of every keyword at once answers them in half the time of one
 * search per category.
 */
const ANY_CATEGORY_KEYWORD = new RegExp(
  CATEGORY_KEYWORDS.map(([pattern]) => `(?:${pattern.source})`).join('|'),
);

export const BILL_CATEGORIES: ReadonlySet<SubscriptionCategory> = new Set<SubscriptionCategory>([
  'utilities',
  'insurance',
  'rent',
  'loans',
  'telecom',
  'internet',
  'childcare',
]);

export const HABITUAL_CATEGORIES: ReadonlySet<SubscriptionCategory> = new Set<SubscriptionCategory>(
  [
    'coffee',
    'groceries',
    'restaurants',
    'fast_food',
    'gas',
    'rides',
    'shopping',
    'transport',
    'pharmacy',
    'transfers',
    'cash',
    'personal_care',
  ],
);

/**
 * Whether a merchant's charges are habitual spending (see `HABITUAL_CATEGORIES`), unless the
 * catalogue knows it for a subscription merchant (a razor club is personal care, and a plan).
 */
export function isHabitualMerchant(merchant: NormalizedMerchant): boolean {
  return (
    merchant.isRecurringMerchant === false ||
    (merchant.isRecurringMerchant !== true && HABITUAL_CATEGORIES.has(merchant.category))
  );
}

const compiledCatalogues = new WeakMap<MerchantCatalogue, CompiledCatalogue>();

/**
 * Builds one alternation of every alias per tier, longest source first so the more specific
 * alias wins where two start at the same place. Cached per catalogue object: callers pass the
 * same array every time.
 */
export function compileCatalogue(catalogue: MerchantCatalogue): CompiledCatalogue {
  const cached = compiledCatalogues.get(catalogue);
  if (cached) return cached;
  const tiers = [
    compileAliases(
      catalogue.filter((entry) => entry.isRecurringMerchant !== false),
      0,
    ),
    compileAliases(
      catalogue.filter((entry) => entry.isRecurringMerchant === false),
      1,
    ),
  ];
  const asciiPairs = acrossTiers(tiers);
  const compiled: CompiledCatalogue = {
    tiers,
    asciiPairs,
    asciiTriples: byThirdCharacter(asciiPairs),
    isLocal: catalogue.every((entry) =>
      entry.aliases.every((alias) => !alias.includes('(?<') && !alias.includes('^')),
    ),
    merchants: new Map(),
    memberships: new Map(),
  };
  compiledCatalogues.set(catalogue, compiled);
  return compiled;
}

/** `CompiledCatalogue.asciiPairs`: each tier's `aliasesAt` per pair, joined; equal lists shared. */
function acrossTiers(tiers: readonly AliasIndex[]): Array<CompiledAlias[] | undefined> {
  const joined = new Map<string, CompiledAlias[]>();
  const table = new Array<CompiledAlias[] | undefined>(128 * 128).fill(undefined);
  for (let key = 0; key < 128 * 128; key++) {
    const first = key >>> 7;
    const lists = tiers.map(
      (tier) => tier.asciiPairs[key] ?? tier.asciiChars[first] ?? tier.anywhere,
    );
    if (lists.every((list) => list.length === 0)) continue;
    const id = lists.map((list) => list.map((alias) => alias.order).join(',')).join('|');
    let list = joined.get(id);
    if (!list) {
      list = lists.flat();
      joined.set(id, list);
    }
    table[key] = list;
  }
  return table;
}

/** `CompiledCatalogue.asciiTriples`: each pair list split by third character; equal lists shared. */
function byThirdCharacter(
  asciiPairs: ReadonlyArray<CompiledAlias[] | undefined>,
): Array<Array<CompiledAlias[] | undefined> | undefined> {
  const split = new Map<CompiledAlias[], Array<CompiledAlias[] | undefined>>();
  return asciiPairs.map((list) => {
    if (!list) return undefined;
    let byThird = split.get(list);
    if (!byThird) {
      const shared = new Map<string, CompiledAlias[]>();
      byThird = [];
      for (let third = 0; third < 128; third++) {
        const kept = list.filter((alias) => alias.prefix.length <= 2 || alias.third === third);
        const id = kept.map((alias) => `${alias.tier}:${alias.order}`).join(',');
        if (!shared.has(id)) shared.set(id, kept);
        byThird.push(kept.length > 0 ? shared.get(id) : undefined);
      }
      split.set(list, byThird);
    }
    return byThird;
  });
}

function compileAliases(entries: readonly MerchantCatalogueEntry[], tier: number): AliasIndex {
  const aliases: Array<{ source: string; entry: MerchantCatalogueEntry }> = [];
  for (const entry of entries) {
    for (const alias of entry.aliases) {
      const source = alias.toUpperCase().replace(/(?<!\\)\((?!\?)/g, '(?:');
      try {
        new RegExp(source);
      } catch {
        throw new Error(`Merchant catalogue entry "${entry.id}" has an invalid alias: ${alias}`);
      }
      aliases.push({ source, entry });
    }
  }
  aliases.sort((a, b) => b.source.length - a.source.length);
  const compiled = aliases.map(({ source, entry }, order): CompiledAlias => {
    const after = /[A-Z0-9)?]$/.test(source) && !/\\.$/.test(source) ? '(?![A-Z0-9])' : '';
    const prefix = literalPrefix(source);
    const isPlain = prefix === source && source.length > 0;
    return {
      tier,
      order,
      prefix,
      third: prefix.length > 2 ? prefix.charCodeAt(2) : -1,
      pattern: isPlain ? null : new RegExp(`(?:${source})${after}`, 'y'),
      endsWord: after !== '',
      entry,
    };
  });
  const anywhere = compiled.filter((alias) => alias.prefix.length === 0);
  const byFirstChar = new Map<number, CompiledAlias[]>();
  const byFirstPair = new Map<number, CompiledAlias[]>();
  const add = (map: Map<number, CompiledAlias[]>, key: number, alias: CompiledAlias): void => {
    const list = map.get(key) ?? [];
    list.push(alias);
    map.set(key, list);
  };
  for (const alias of compiled) {
    const { prefix } = alias;
    if (prefix.length === 1) add(byFirstChar, prefix.charCodeAt(0), alias);
    if (prefix.length >= 2) add(byFirstPair, pairKey(prefix, 0), alias);
  }
  // Each list also holds every shorter-prefixed alias that may match there, in alternation
  // order, so one list is read per word start.
  const inOrder = (list: CompiledAlias[]): CompiledAlias[] =>
    [...new Set(list)].sort((a, b) => a.order - b.order);
  for (const [code, list] of byFirstChar) byFirstChar.set(code, inOrder([...list, ...anywhere]));
  for (const [key, list] of byFirstPair) {
    const shorter = byFirstChar.get(key >>> 16) ?? anywhere;
    byFirstPair.set(key, inOrder([...list, ...shorter]));
  }
  const asciiPairs = new Array<CompiledAlias[] | undefined>(128 * 128).fill(undefined);
  const asciiChars = new Array<CompiledAlias[] | undefined>(128).fill(undefined);
  for (const [key, list] of byFirstPair) {
    const first = key >>> 16;
    const second = key & 0xffff;
    if (first < 128 && second < 128) asciiPairs[(first << 7) | second] = list;
  }
  for (const [code, list] of byFirstChar) if (code < 128) asciiChars[code] = list;
  return { byFirstPair, byFirstChar, anywhere, asciiPairs, asciiChars };
}

function pairKey(text: string, at: number): number {
  return ((text.charCodeAt(at) << 16) | text.charCodeAt(at + 1)) >>> 0;
}

/**
 * The literal characters every match of a regular-expression source starts with: up to the
 * first special character, less the character before a quantifier (it may be absent). Empty
 * when the source has an alternation, which could start anywhere.
 */
function literalPrefix(source: string): string {
  if (source.includes('|')) return '';
  let end = 0;
  while (end < source.length && !'\\()[]{}^$.+*?'.includes(source[end] ?? '')) end++;
  const next = source[end];
  if (next === '?' || next === '*' || next === '+' || next === '{') end = Math.max(0, end - 1);
  return source.slice(0, end);
}

function isWordCharCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

export function stripDescriptorNoise(upper: string): string {
  let text = upper.trim();
  for (let round = 0; round < 3; round++) {
    const next = text.replace(LEADING_NOISE, '').replace(PROCESSOR_PREFIX, '').trimStart();
    if (next === text) break;
    text = next;
  }
  return text.length > 0 ? text : upper.trim();
}

/**
 * The first alias (leftmost, subscription tier first) matching at a word start before `end`.
 * One pass over the word starts serves every tier: each start is tried against the tiers ahead
 * of the best one matched so far, so a tier's match is its leftmost and the first tier wins.
 */
export function matchCatalogue(
  text: string,
  compiled: CompiledCatalogue,
  end: number = text.length + 1,
): MerchantCatalogueEntry | null {
  const { tiers } = compiled;
  const last = Math.min(end - 1, text.length);
  let best: MerchantCatalogueEntry | null = null;
  let bestTier = tiers.length;
  // Word starts only: after trying a place, the rest of a word it begins is stepped over in
  // one go rather than each of its characters looking back at the one before.
  for (let at = 0; at <= last && bestTier > 0; at++) {
    const first = text.charCodeAt(at);
    const second = text.charCodeAt(at + 1);
    if (first < 128 && second < 128) {
      // Both characters are ASCII (NaN, past the end, is not): one list serves every tier.
      const key = (first << 7) | second;
      const byThird = compiled.asciiTriples[key];
      const third = text.charCodeAt(at + 2);
      const list = byThird && third < 128 ? byThird[third] : compiled.asciiPairs[key];
      const found = list ? firstMatch(text, list, at, bestTier) : null;
      if (found) {
        best = found.entry;
        bestTier = found.tier;
      }
    } else {
      for (let tier = 0; tier < bestTier; tier++) {
        const found = firstMatch(
          text,
          aliasesAt(tiers[tier] as AliasIndex, text, at),
          at,
          tier + 1,
        );
        if (found) {
          best = found.entry;
          bestTier = tier;
        }
      }
    }
    if (isWordCharCode(first)) {
      while (at + 1 < text.length && isWordCharCode(text.charCodeAt(at + 1))) at++;
      // `at` is now the word's last character; the next place after it follows a non-word one.
      at++;
    }
  }
  return best;
}

/** The aliases that may match at `at`, in alternation order. */
function aliasesAt(tier: AliasIndex, text: string, at: number): CompiledAlias[] {
  if (at >= text.length) return tier.anywhere;
  const first = text.charCodeAt(at);
  if (at + 1 < text.length) {
    const second = text.charCodeAt(at + 1);
    const pair =
      first < 128 && second < 128
        ? tier.asciiPairs[(first << 7) | second]
        : tier.byFirstPair.get(pairKey(text, at));
    if (pair) return pair;
  }
  return (first < 128 ? tier.asciiChars[first] : tier.byFirstChar.get(first)) ?? tier.anywhere;
}

/**
 * The first alias of the list (ordered by tier, then alternation) below tier `belowTier`
 * matching at word start `at`.
 */
function firstMatch(
  text: string,
  list: readonly CompiledAlias[],
  at: number,
  belowTier: number,
): CompiledAlias | null {
  for (let index = 0; index < list.length; index++) {
    const alias = list[index] as CompiledAlias;
    if (alias.tier >= belowTier) return null;
    const { prefix, pattern } = alias;
    // The list was chosen by the first two characters; most aliases in it already differ at
    // the third, which is cheaper to compare than calling `startsWith`.
    if (
      prefix.length > 2 &&
      (text.charCodeAt(at + 2) !== alias.third || !text.startsWith(prefix, at))
    ) {
      continue;
    }
    if (pattern) {
      pattern.lastIndex = at;
      if (pattern.test(text)) return alias;
    } else if (!alias.endsWord || !isWordCharCode(text.charCodeAt(at + prefix.length))) {
      return alias;
    }
  }
  return null;
}

/** The upper-case descriptor with every per-charge detail removed. */
export function cleanDescriptor(stripped: string): string {
  let text = firstColumn(stripped);
  text = text.replace(ACH_TAIL, '');
  // Phone, card, date, reference, star and digit-token patterns all need a digit, and the
  // replacements only add spaces: without one, they cannot match at any step. Likewise a
  // pattern that needs a '*', '#' or '.' is skipped once the text has none.
  if (HAS_DIGIT.test(text)) {
    text = text.replace(PHONE, ' ');
    if (text.includes('XX') || text.includes('**') || text.includes('CARD ')) {
      text = text.replace(MASKED_CARD, ' ');
    }
    text = text.replace(text.includes('/') || text.includes('-') ? DATES : MONTH_DATES, ' ');
    text = text.replace(REFERENCES, ' ');
    if (text.includes('#') || text.includes('STORE') || text.includes('NO.')) {
      text = text.replace(STORE_NUMBERS, ' ');
    }
    if (text.includes('*')) text = text.replace(STAR_REFERENCE, ' ');
    if (text.includes('.')) text = text.replace(WEB_SUFFIX, ' ');
    text = withoutDigitTokens(text);
  } else {
    if (text.includes('#')) text = text.replace(STORE_NUMBERS, ' ');
    if (text.includes('.')) text = text.replace(WEB_SUFFIX, ' ');
  }
  text = keptWords(text);
  // Two passes: "BLUE BOTTLE COFFEE OAKLAND CA US" loses "US", then "CA", then the city.
  for (let round = 0; round < 3; round++) {
    const next = withoutTail(withoutTail(withoutTail(text, STATE), CITY), NOISE);
    if (next === text || next.length < 2) break;
    text = next;
  }
  return text.length > 0 ? text : stripped.replace(SPACES, ' ').trim();
}

/**
 * The descriptor's first column when it is laid out in columns (two or more whitespace
 * characters apart) and that column has three characters or more; else the whole descriptor.
 * The column ends where the first run of whitespace starts; most descriptors have none. One
 * search by the regular-expression engine finds it in half the time of a scan in script over
 * the characters, and without the array a split makes.
 */
function firstColumn(stripped: string): string {
  const gap = WHITESPACE_RUN.exec(stripped);
  return gap && gap.index >= 3 ? stripped.slice(0, gap.index) : stripped;
}

const WHITESPACE_RUN = /\s\s/;

/**
 * The text with every reference-like token replaced by a space: a word of four or more
 * letters and digits mixing both ("A1B2C3"), or of three or more digits ("4521"). What
 * `/\b(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{4,}\b|\b\d{3,}\b/g` replaces, read in one pass: both
 * alternatives start and end at word boundaries with only word characters between, so a
 * match is always one whole word (a run of `\w`, which also holds '_' and a–z), never part
 * of one.
 */
function withoutDigitTokens(text: string): string {
  let result = '';
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    if (!isRegExpWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let digits = 0;
    let upperLetters = 0;
    while (i < text.length && isRegExpWordCode(text.charCodeAt(i))) {
      const code = text.charCodeAt(i);
      if (code >= 48 && code <= 57) digits++;
      else if (code >= 65 && code <= 90) upperLetters++;
      i++;
    }
    const length = i - start;
    const isMixed =
      digits + upperLetters === length && length >= 4 && digits > 0 && upperLetters > 0;
    const isNumber = digits === length && length >= 3;
    if (isMixed || isNumber) {
      result += text.slice(copiedUpTo, start) + ' ';
      copiedUpTo = i;
    }
  }
  return copiedUpTo === 0 ? text : result + text.slice(copiedUpTo);
}

/** `\w` of a regular expression without the u flag: A–Z, a–z, 0–9 and '_'. */
function isRegExpWordCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}

/**
 * The words of the text made of A–Z, 0–9, '&' and "'", one space apart: every other character
 * separates words. The same as replacing `/[^A-Z0-9&' ]+/g` by a space, runs of whitespace by
 * one space and trimming, in one pass — and none when the text is already so. Words already
 * one space apart are copied as one piece: a cleaned descriptor usually has only a gap or two
 * left by removed details, and a copy per word costs more than the scan.
 */
function keptWords(text: string): string {
  if (isKeptWords(text)) return text;
  let result = '';
  let i = 0;
  for (;;) {
    while (i < text.length && !isKeptCode(text.charCodeAt(i))) i++;
    if (i >= text.length) return result;
    const start = i;
    for (;;) {
      while (i < text.length && isKeptCode(text.charCodeAt(i))) i++;
      const isOneSpace = text.charCodeAt(i) === 32 && isKeptCode(text.charCodeAt(i + 1));
      if (!isOneSpace) break;
      i++;
    }
    result += (result.length > 0 ? ' ' : '') + text.slice(start, i);
  }
}

/**
 * Whether `keptWords` would return the text as it is: kept characters, one space apart. One
 * regular expression (it cannot backtrack: a space always ends a word) reads it in half the
 * time of a scan in script.
 */
function isKeptWords(text: string): boolean {
  return KEPT_WORDS.test(text);
}

const KEPT_WORDS = /^(?:[A-Z0-9&']+(?: [A-Z0-9&']+)*)?$/;

function isKeptCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 38 || code === 39;
}

/**
 * An end-anchored pattern (" (?:A|B|…)$") ready to search only where a match can start: within
 * `length` final characters (one more than its longest word). A pattern anchored at the end is
 * otherwise tried at every position from the start. Searching the text itself from there (a
 * global copy of the pattern, from `lastIndex`) rather than a copy of its tail gives where the
 * match starts, so the text is cut there instead of being rewritten by a second search.
 */
type Tail = { search: RegExp; length: number };

function tailOf(pattern: RegExp): Tail {
  const words = pattern.source.slice(4, -2).split('|');
  return {
    search: new RegExp(pattern.source, 'g'),
    length: 1 + Math.max(...words.map((word) => word.length)),
  };
}

const STATE = tailOf(STATE_TAIL);
const CITY = tailOf(CITY_TAIL);
const NOISE = tailOf(TRAILING_NOISE);

/** The text less the tail's match (the longest, as a match must end the text), if any. */
function withoutTail(text: string, tail: Tail): string {
  tail.search.lastIndex = Math.max(0, text.length - tail.length);
  const match = tail.search.exec(text);
  return match ? text.slice(0, match.index) : text;
}

/** What the payment was for, at the end of a cleaned descriptor: "ROCKET MORTGAGE MTG". */
const PAYMENT_KIND_TAIL = / (?:MTG|RENT|CONTRIB|CONTRIBUTION|PREM|PREMIUM|INST|INSTALLMENT|DES)$/;
/** Bank-statement shorthand a person would write out: "ESSEX PROPERTY TR" is a trust. */
const SHORTHAND: Record<string, string> = {
  TR: 'TRUST',
  MGMT: 'MANAGEMENT',
  MGT: 'MANAGEMENT',
  SVC: 'SERVICE',
  SVCS: 'SERVICES',
  INS: 'INSURANCE',
  ASSN: 'ASSOCIATION',
  PROP: 'PROPERTY',
  PROPS: 'PROPERTIES',
  APTS: 'APARTMENTS',
  FINL: 'FINANCIAL',
  CTR: 'CENTER',
  INTL: 'INTERNATIONAL',
};

/**
 * The name a person reads for a merchant the catalogue does not know: the cleaned descriptor
 * without what kind of payment it was and with shorthand written out ("ESSEX PROPERTY TR RENT"
 * → "ESSEX PROPERTY TRUST"). Only the name: grouping keeps the cleaned descriptor.
 */
export function displayWords(cleaned: string): string {
  let text = cleaned;
  for (let next = text.replace(PAYMENT_KIND_TAIL, ''); next !== text && next.length >= 2;) {
    text = next;
    next = text.replace(PAYMENT_KIND_TAIL, '');
  }
  return text
    .split(' ')
    .map((word, index) => (index > 0 ? (SHORTHAND[word] ?? word) : word))
    .join(' ');
}

export function titleCase(upper: string): string {
  return upper
    .split(' ')
    .map((word) =>
      word.includes('&') || word.length <= 1 ? word : word[0] + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

function isTransfer(text: string): boolean {
  return guessCategory(text) === 'transfers';
}

export function guessCategory(cleaned: string): SubscriptionCategory {
  if (!ANY_CATEGORY_KEYWORD.test(cleaned)) return 'other';
  for (const [pattern, category] of CATEGORY_KEYWORDS) {
    if (pattern.test(cleaned)) return category;
  }
  return 'other';
}

function fromEntry(entry: MerchantCatalogueEntry): NormalizedMerchant {
  return {
    key: entry.id,
    name: entry.name,
    website: entry.website,
    category: entry.category,
    catalogueId: entry.id,
    isRecurringMerchant: entry.isRecurringMerchant ?? null,
  };
}

/** The membership product of a habitual merchant, grouped apart from its ordinary purchases. */
function membershipAt(entry: MerchantCatalogueEntry): NormalizedMerchant {
  return {
    key: `${entry.id}+membership`,
    name: `${entry.name} Membership`,
    website: entry.website,
    category: 'shopping_membership',
    catalogueId: entry.id,
    isRecurringMerchant: true,
  };
}

/**
 * The merchant behind a descriptor. `merchantName` is the aggregator's own cleaned name when it
 * sent one (Plaid's `merchant_name`); it is consulted when the descriptor matches no alias.
 */
export function normalizeMerchant(
  description: string,
  catalogue: MerchantCatalogue = DEFAULT_CATALOGUE,
  merchantName?: string | null,
): NormalizedMerchant {
  const found = identifyMerchant(description, catalogue, merchantName);
  return typeof found === 'string' ? unknownMerchant(found) : { ...found };
}

/**
 * Detection's fast path to `normalizeMerchant`: the catalogue merchant (one shared object per
 * entry — not to be changed), or for a descriptor no alias knows just its grouping key, so the
 * name and category are only worked out once per key (`unknownMerchant`). Descriptors that
 * came with the aggregator's name are resolved in full (their category may depend on both).
 */
export function identifyMerchant(
  description: string,
  catalogue: MerchantCatalogue,
  merchantName?: string | null,
): NormalizedMerchant | string {
  const compiled = compileCatalogue(catalogue);
  const upper = description.toUpperCase();
  const stripped = stripDescriptorNoise(upper);
  const entry =
    matchCatalogue(stripped, compiled) ??
    (stripped === upper
      ? null
      : matchCatalogue(upper, compiled, rescanEnd(upper, stripped, compiled))) ??
    (merchantName ? matchCatalogue(merchantName.toUpperCase(), compiled) : null);
  if (entry) {
    return entry.isRecurringMerchant === false && MEMBERSHIP_WORDS.test(stripped)
      ? sharedMerchant(compiled.memberships, entry, membershipAt)
      : sharedMerchant(compiled.merchants, entry, fromEntry);
  }
  const cleaned = cleanDescriptor(merchantName ? merchantName.toUpperCase() : stripped);
  if (!merchantName) return cleaned;
  return {
    ...unknownMerchant(cleaned),
    // The bank's merchant name can hide what the descriptor says ("ScholarShare 529" for
    // "SCHOLARSHARE 529 CONTRIB"): a transfer by either is a transfer.
    category: isTransfer(stripped) ? 'transfers' : guessCategory(cleaned),
  };
}

/**
 * Where the rescan of the raw descriptor may stop once the stripped one matched nothing: the
 * stripped text is the raw one's tail, and every word start in that tail was already tried
 * with the same text ahead of it — so only the noise in front is left to try.
 */
function rescanEnd(upper: string, stripped: string, compiled: CompiledCatalogue): number {
  return compiled.isLocal && upper.endsWith(stripped)
    ? upper.length - stripped.length
    : upper.length + 1;
}

/** How the key of a merchant the catalogue does not know starts: then its cleaned descriptor. */
export const RAW_KEY = 'raw:';

/** A merchant the catalogue does not know, from its cleaned descriptor. */
export function unknownMerchant(cleaned: string): NormalizedMerchant {
  return { ...unnamedMerchant(cleaned), name: displayName(cleaned) };
}

/**
 * `unknownMerchant` with its name left empty, for detection to fill in (`displayName`) once
 * the merchant has a stream: finding streams never reads the name, most merchants of a
 * history have none, and the name is the costlier half to work out.
 */
export function unnamedMerchant(cleaned: string): NormalizedMerchant {
  return {
    key: `${RAW_KEY}${cleaned}`,
    name: '',
    website: null,
    category: guessCategory(cleaned),
    catalogueId: null,
    isRecurringMerchant: null,
  };
}

/** The name a person reads for a merchant the catalogue does not know. */
export function displayName(cleaned: string): string {
  return titleCase(displayWords(cleaned));
}

function sharedMerchant(
  cache: Map<MerchantCatalogueEntry, NormalizedMerchant>,
  entry: MerchantCatalogueEntry,
  make: (entry: MerchantCatalogueEntry) => NormalizedMerchant,
): NormalizedMerchant {
  let merchant = cache.get(entry);
  if (!merchant) {
    merchant = make(entry);
    cache.set(entry, merchant);
  }
  return merchant;
}
