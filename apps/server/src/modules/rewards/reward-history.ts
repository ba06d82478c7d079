/**
 * The rewards history (docs/rewards.md, "What the section shows"): the person's ledger entries
 * page by page, each said the way the bills list says it, and whether a claim can still be put
 * back.
 */
import {
  centsToDollars,
  formatShortDay,
  type RewardHistory,
  type RewardTransaction,
  type TransactionType,
} from '@billow/contracts';
import { billOfKey } from './reward-choices';
import type { RewardsContext } from './rewards.deps';
import type { RewardHistoryRow } from './rewards.repo';

export async function history(
  ctx: RewardsContext,
  userId: string,
  page: number,
  pageSize: number,
): Promise<RewardHistory> {
  const { rows, total, returned } = await ctx.repo.history(userId, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    transactions: rows.map((row) => toTransaction(row, ctx.today(), returned)),
    page,
    page_size: pageSize,
    total,
    has_more: page * pageSize < total,
  };
}

/** One of the person's entries as the history shows it. */
export async function transactionOf(
  ctx: RewardsContext,
  userId: string,
  id: string,
): Promise<RewardTransaction> {
  const [row] = await ctx.repo.historyRows(userId, { ids: [id] });
  const returned = await ctx.repo.sourceKeys(userId, 'returned');
  return toTransaction(row!, ctx.today(), returned);
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
