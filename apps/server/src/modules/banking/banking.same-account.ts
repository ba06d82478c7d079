/**
 * Recognising one real account that arrives from two sources (docs/banking.md, "The same account
 * from two sources"): Plaid and SimpleFIN Bridge, say, or a file exported from an account that is
 * also linked. Two accounts of one person on different connections are the same when they are at
 * the same institution (same name, or same web address; a file names none, so for a file this part
 * is left out), end in the same four digits and are of the same type, and their transactions
 * confirm it: in the days both cover, at least two each and nearly all (80%) of the fewer side's
 * have a twin on the other, of the same amount within three days. One is counted: an account a
 * source keeps reading over a file, else the one connected first.
 */
import type { BankingRepo } from './banking.repo';

export type SameAccountCandidate = {
  id: string;
  itemId: string;
  createdAt: Date;
  /** Imported from a file: no source reads it again. */
  isFile: boolean;
  institution: { name: string; domain: string | null };
  mask: string | null;
  type: string;
  /** Its posted transactions: the day and the amount (cents). */
  transactions: { date: string; amountCents: number }[];
};

/** Days apart two postings of one transaction may be (sources date them differently). */
const TWIN_DAYS = 3;
const MIN_TWINS = 2;
const TWIN_SHARE = 0.8;
const DAY_MS = 86_400_000;

const words = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(n\.?a\.?|inc|co|corp|the)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, '');
const host = (domain: string | null) => domain?.toLowerCase().replace(/^www\./, '') ?? null;

function sameInstitution(a: SameAccountCandidate, b: SameAccountCandidate): boolean {
  if (a.isFile || b.isFile) return true;
  const [hostA, hostB] = [host(a.institution.domain), host(b.institution.domain)];
  if (hostA && hostB && hostA === hostB) return true;
  return words(a.institution.name) === words(b.institution.name);
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whether the transactions both accounts hold for the days they both cover are twins. */
function isConfirmed(a: SameAccountCandidate, b: SameAccountCandidate): boolean {
  if (a.transactions.length === 0 || b.transactions.length === 0) return false;
  const span = (t: SameAccountCandidate['transactions']) => {
    const days = t.map((x) => day(x.date));
    return [Math.min(...days), Math.max(...days)] as const;
  };
  const [fromA, toA] = span(a.transactions);
  const [fromB, toB] = span(b.transactions);
  const from = Math.max(fromA, fromB) - TWIN_DAYS * DAY_MS;
  const to = Math.min(toA, toB) + TWIN_DAYS * DAY_MS;
  const within = (t: SameAccountCandidate['transactions']) =>
    t.filter((x) => day(x.date) >= from && day(x.date) <= to);
  const [inA, inB] = [within(a.transactions), within(b.transactions)];
  const unmatched = [...inB];
  let twins = 0;
  for (const x of inA) {
    const i = unmatched.findIndex(
      (y) =>
        y.amountCents === x.amountCents &&
        Math.abs(day(y.date) - day(x.date)) <= TWIN_DAYS * DAY_MS,
    );
    if (i === -1) continue;
    unmatched.splice(i, 1);
    twins++;
  }
  return twins >= MIN_TWINS && twins >= TWIN_SHARE * Math.min(inA.length, inB.length);
}

/** Which account, of two that are the same, is counted. */
function counted(a: SameAccountCandidate, b: SameAccountCandidate) {
  if (a.isFile !== b.isFile) return a.isFile ? b : a;
  return a.createdAt.getTime() <= b.createdAt.getTime() ? a : b;
}

/**
 * The accounts to stop counting, each with the account it is the same as. Candidates must all be
 * counted ones (none already recognised as another).
 */
export function findSameAccounts(
  candidates: SameAccountCandidate[],
): { accountId: string; sameAsAccountId: string }[] {
  const found: { accountId: string; sameAsAccountId: string }[] = [];
  const settled = new Set<string>();
  for (const [i, a] of candidates.entries()) {
    for (const b of candidates.slice(i + 1)) {
      if (settled.has(a.id) || settled.has(b.id) || a.itemId === b.itemId) continue;
      if (!a.mask || a.mask !== b.mask || a.type !== b.type) continue;
      if (!sameInstitution(a, b) || !isConfirmed(a, b)) continue;
      const kept = counted(a, b);
      const other = kept === a ? b : a;
      settled.add(other.id);
      found.push({ accountId: other.id, sameAsAccountId: kept.id });
    }
  }
  return found;
}

/** How far back transactions are compared: sources overlap in their recent days. */
const COMPARED_DAYS = 180;

/**
 * Finds the person's accounts that are another one again and stops counting them; also drops
 * what a file added since to an account no longer counted. True when transactions went.
 */
export async function recogniseSameAccounts(
  repo: BankingRepo,
  userId: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - COMPARED_DAYS * DAY_MS).toISOString().slice(0, 10);
  const found = findSameAccounts(await repo.sameAccountCandidates(userId, since));
  for (const { accountId, sameAsAccountId } of found)
    await repo.markSameAccount(accountId, sameAsAccountId);
  const dropped = await repo.dropNotCountedTransactions(userId);
  return found.length > 0 || dropped > 0;
}
