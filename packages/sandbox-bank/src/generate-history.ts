/**
 * A persona's accounts and their transactions over a window of dates: deterministic, pure, fast.
 *
 * Two windows of the same seed and story agree on every transaction they share — ids, dates and
 * amounts — because nothing depends on the window: occurrences are named by calendar periods,
 * randomness is keyed by what it decides, and the story (trial, price change, cancellation) is
 * told from `storyStart`, which defaults to `start`. Keep storyStart fixed for an Item (e.g. its
 * link date minus two years) and later syncs can move both ends of the window freely.
 */
import { centsToDollars, dollarsToCents, roundToCents } from '@billow/contracts';
import {
  autopayDrafts,
  AUTOPAY_STREAM,
  spendingDrafts,
  statementTotals,
  streamDrafts,
  type Draft,
  type DraftScope,
} from './build-drafts';
import { dateInMonth, monthIndexOf, toDay, formatIsoDate } from './dates';
import { stableId, stableMask } from './ids';
import { overdraftTransfers } from './overdraft';
import { findPersona, type PersonaDefinition } from './personas';
import { createRng } from './prng';
import { MAX_POSTING_LAG } from './schedule';
import type { AccountKey, PersonaId, SandboxAccount, SandboxTransaction } from './types';

export type HistoryOptions = {
  /** Any string; the sandbox bank uses the Item's id, so each Item has its own history. */
  seed: string;
  /** First posted date to include, YYYY-MM-DD. */
  start: string;
  /** Last posted date to include, YYYY-MM-DD; balances are as of this day. */
  end: string;
  /** The day the persona's two-year story starts, YYYY-MM-DD; defaults to `start`. */
  storyStart?: string;
};

const ACCOUNT_KEYS: readonly AccountKey[] = ['checking', 'savings', 'credit'];

/** Refunds post up to ~24 days after a purchase; scanning this far back catches them all. */
const LOOKBACK_DAYS = 30;

export function generatePersonaAccounts(
  personaId: PersonaId,
  options: HistoryOptions,
): SandboxAccount[] {
  const persona = findPersona(personaId);
  const start = toDay(options.start);
  const end = toDay(options.end);
  if (end < start)
    throw new RangeError(`The window ends (${options.end}) before it starts (${options.start})`);
  const story = options.storyStart === undefined ? start : toDay(options.storyStart);
  const scope = draftScope(persona, options.seed, story);

  // From the first of the month before the earlier of window and story: every autopay in the
  // window then pays a statement built from complete data, and every balance has its inputs.
  const from = dateInMonth(monthIndexOf(Math.min(start, story)) - 1, 1);
  const to = Math.max(end, story);
  const drafts: Draft[] = [];
  for (const spec of persona.streams)
    drafts.push(...streamDrafts(spec, scope, from - MAX_POSTING_LAG - 4, to));
  for (const spec of persona.spending)
    drafts.push(...spendingDrafts(spec, scope, from - LOOKBACK_DAYS, to));
  const statements = statementTotals(drafts);
  drafts.push(...autopayDrafts(statements, scope, monthIndexOf(from) + 1, to));
  const opening = {
    checking: openingBalance(persona, scope, 'checking'),
    savings: openingBalance(persona, scope, 'savings'),
  };
  drafts.push(...overdraftTransfers(drafts, scope, opening, to));

  return ACCOUNT_KEYS.map((key) => {
    const accountId = stableId([options.seed, 'persona', personaId, key]);
    const own = drafts.filter((draft) => draft.account === key);
    const current =
      key === 'credit'
        ? cardBalance(own, statements, end)
        : depositBalance(opening[key], own, story, end);
    const transactions = own
      .filter((draft) => draft.posted >= start && draft.posted <= end)
      .map((draft) => toTransaction(draft, options.seed, accountId))
      .sort(byPostedThenId);
    return toAccount(persona, key, accountId, scope.masks[key], current, transactions);
  });
}

function draftScope(persona: PersonaDefinition, seed: string, story: number): DraftScope {
  const digitsCache = new Map<string, string>();
  return {
    seed,
    persona: persona.id,
    story,
    city: persona.city,
    state: persona.state,
    masks: accountMasks(seed, persona.id),
    digits(label, count) {
      const cacheKey = `${label}/${count}`;
      let value = digitsCache.get(cacheKey);
      if (value === undefined) {
        value = createRng(seed, persona.id, 'digits', label).code(count, '0123456789');
        digitsCache.set(cacheKey, value);
      }
      return value;
    },
  };
}

/** Distinct last-four digits per account, so transfer descriptors point at the right one. */
function accountMasks(seed: string, persona: string): Record<AccountKey, string> {
  const taken = new Set<string>();
  const masks = {} as Record<AccountKey, string>;
  for (const key of ACCOUNT_KEYS) {
    let mask = stableMask([seed, persona, key]);
    while (taken.has(mask)) mask = String((Number(mask) + 1111) % 10000).padStart(4, '0');
    taken.add(mask);
    masks[key] = mask;
  }
  return masks;
}

/** Checking and savings open the story with a seeded balance, in cents. */
function openingBalance(
  persona: PersonaDefinition,
  scope: DraftScope,
  key: 'checking' | 'savings',
): number {
  const [low, high] = persona[key].opening;
  return dollarsToCents(createRng(scope.seed, persona.id, key, 'opening').between(low, high));
}

/** The balance on `end`: the opening balance moved by everything posted between story start and `end`. */
function depositBalance(
  opening: number,
  drafts: readonly Draft[],
  story: number,
  end: number,
): number {
  let cents = opening;
  for (const draft of drafts) {
    if (end >= story && draft.posted >= story && draft.posted <= end) cents -= draft.cents;
    if (end < story && draft.posted > end && draft.posted < story) cents += draft.cents;
  }
  return cents;
}

/**
 * What is owed on the card on `end`: this month's charges so far, plus last month's statement
 * unless this month's autopay has already cleared it.
 */
function cardBalance(
  drafts: readonly Draft[],
  statements: Map<number, number>,
  end: number,
): number {
  const month = monthIndexOf(end);
  let cents = 0;
  let isPaid = false;
  for (const draft of drafts) {
    if (monthIndexOf(draft.posted) !== month || draft.posted > end) continue;
    if (draft.stream === AUTOPAY_STREAM) isPaid = true;
    else cents += draft.cents;
  }
  return isPaid ? cents : cents + (statements.get(month - 1) ?? 0);
}

function toTransaction(draft: Draft, seed: string, accountId: string): SandboxTransaction {
  return {
    transaction_id: stableId([seed, accountId, draft.key]),
    account_id: accountId,
    date: formatIsoDate(draft.posted),
    authorized_date: formatIsoDate(draft.authorized),
    amount: centsToDollars(draft.cents),
    iso_currency_code: 'USD',
    name: draft.name,
    merchant_name: draft.merchantName,
    category_hint: draft.category,
    ...(draft.stream === undefined ? {} : { recurring_stream: draft.stream }),
  };
}

function byPostedThenId(a: SandboxTransaction, b: SandboxTransaction): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.authorized_date !== b.authorized_date)
    return a.authorized_date < b.authorized_date ? -1 : 1;
  return a.transaction_id < b.transaction_id ? -1 : a.transaction_id > b.transaction_id ? 1 : 0;
}

function toAccount(
  persona: PersonaDefinition,
  key: AccountKey,
  accountId: string,
  mask: string,
  currentCents: number,
  transactions: SandboxTransaction[],
): SandboxAccount {
  const current = centsToDollars(currentCents);
  const profile = persona[key];
  const isCredit = key === 'credit';
  const limit = isCredit ? persona.credit.limit : null;
  return {
    account_id: accountId,
    key,
    name: profile.name,
    official_name: profile.official_name,
    mask,
    type: isCredit ? 'credit' : 'depository',
    subtype: isCredit ? 'credit card' : key,
    balances: {
      current,
      available: limit === null ? current : roundToCents(limit - current),
      iso_currency_code: 'USD',
      limit,
    },
    transactions,
  };
}
