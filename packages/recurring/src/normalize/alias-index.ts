/**
 * The catalogue's aliases compiled for matching: per tier, an index from a word start's first
 * characters to the aliases that may match there, and the scan that finds the leftmost alias of
 * the first tier in a descriptor.
 */
import type { MerchantCatalogue, MerchantCatalogueEntry, NormalizedMerchant } from '../types';

/**
 * One catalogue tier, indexed for matching. The rule is that of one alternation of every alias
 * (longest source first) behind a shared word-start look-behind: the leftmost word start where
 * any alias matches wins, and there the first alias in order. Rather than one regular
 * expression with hundreds of capture groups (slow to run, and every match allocates them all),
 * each word start only tries the aliases whose literal prefix it starts with, each through its
 * own sticky expression — same answer, a fraction of the work.
 * Protects the dev set's throughput per CPU second (goal ≥ 1 M tx/s, unmet; alternating in-process
 * runs, load 4–8): each tier's own lists cost 2–11%, maps in place of the flat tables 4–8%.
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
  /** The prefix's third character code, or -1 when it has fewer (see `firstMatch`). */
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
export type CompiledCatalogue = {
  tiers: AliasIndex[];
  /**
   * Per ASCII pair (first × 128 + second): the aliases every tier tries at a word start
   * followed by one more character, tier by tier, each tier's in alternation order; undefined
   * where none may match. One lookup per word start rather than one per tier.
   */
  asciiPairs: Array<CompiledAlias[] | undefined>;
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
  const compiled: CompiledCatalogue = {
    tiers,
    asciiPairs: acrossTiers(tiers),
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
    const after =
      /[A-Z0-9)?]$/.test(source) && !/\\.$/.test(source)
        ? `(?:${GLUED_SUFFIXES.join('|')})?(?![A-Z0-9])`
        : '';
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

/**
 * What a bank may glue onto a merchant's name without a space, the name's word still ending
 * there: its country or company form, or its website's ending ("SPOTIFYUSA", "HULULLC").
 */
const GLUED_SUFFIXES = ['USA', 'US', 'UK', 'INC', 'LLC', 'COM'];

/** Whether a name's word ends at `at`: nothing of a word follows, or only a glued suffix. */
function endsWordAt(text: string, at: number): boolean {
  if (!isWordCharCode(text.charCodeAt(at))) return true;
  return GLUED_SUFFIXES.some(
    (suffix) => text.startsWith(suffix, at) && !isWordCharCode(text.charCodeAt(at + suffix.length)),
  );
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
      const list = compiled.asciiPairs[(first << 7) | second];
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
    } else if (!alias.endsWord || endsWordAt(text, at + prefix.length)) {
      return alias;
    }
  }
  return null;
}
