/**
 * A sync written in batches: a posted transaction replaces its pending one in the
 * same commit, and a sync stopped between batches leaves the earlier cursor, so the next one
 * writes the same changes again and ends where one unbroken sync would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../providers/bank/bank-provider';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { customTransaction, linkSandboxItem } from '../../../test/sandbox-link';
import { signIn } from '../../../test/sign-in';
import { createBankingRepo, SYNC_WRITE_ROWS } from './banking.repo';

const today = '2026-11-20';

describe('a sync written in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(`${today}T12:00:00Z`) });
  });
  afterAll(() => t.close());

  it('replaces a pending transaction in the batch of its posted one, and a stopped sync is written again whole', async () => {
    const { token, user } = await signIn(t.app, '+15555550992');
    await linkSandboxItem(t, token, {
      overrideAccounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 1000,
          meta: { name: 'Checking', mask: '1111' },
          transactions: [customTransaction('2026-11-01', 'COFFEE', 4)],
        },
      ],
    });
    const repo = createBankingRepo(t.database.db, async () => undefined);
    const items = await t.database.executeSql('select id from bank_items where user_id = $1', [
      user.userId,
    ]);
    const itemId = String(items.rows[0]!.id);
    const item = (await repo.item(itemId))!;
    const accountIds = await repo.accountIdsByProviderId(itemId);
    const [providerAccountId] = [...accountIds.keys()];
    const row = (id: string, extra: Partial<BankTransaction> = {}): BankTransaction => ({
      transactionId: id,
      accountId: providerAccountId!,
      amount: 5,
      isoCurrencyCode: 'USD',
      date: '2026-11-10',
      authorizedDate: null,
      name: `SHOP ${id}`,
      merchantName: null,
      pending: false,
      pendingTransactionId: null,
      ...extra,
    });
    // A pending charge from an earlier sync, which this sync posts in its first batch.
    await repo.applySync(item, {
      upserts: [row('pending-1', { pending: true })],
      removed: [],
      cursor: 'before',
      accountIds,
      at: new Date(),
    });
    const upserts = [
      row('posted-1', { pendingTransactionId: 'pending-1' }),
      ...Array.from({ length: 2 * SYNC_WRITE_ROWS + 10 }, (_, i) => row(`t${i}`)),
    ];
    const changes = {
      upserts,
      removed: ['pending-1'],
      cursor: 'after',
      accountIds,
      at: new Date(),
    };
    const state = async () => {
      const [counts] = (
        await t.database.executeSql(
          `select count(*)::int n,
             count(*) filter (where provider_transaction_id in ('pending-1', 'posted-1'))::int charge,
             (select cursor from bank_items where id = $1) cursor
           from bank_transactions where item_id = $1`,
          [itemId],
        )
      ).rows;
      return counts as { n: number; charge: number; cursor: string };
    };
    const seen: Awaited<ReturnType<typeof state>>[] = [];

    // Stopped before its second batch (its lease was lost): the earlier cursor stays.
    await expect(
      repo.applySync(item, changes, async () => {
        seen.push(await state());
        throw new Error('lease lost');
      }),
    ).rejects.toThrow('lease lost');
    expect(await state()).toMatchObject({ cursor: 'before', charge: 1 });

    // Written again whole, the charge is always there exactly once, pending or posted.
    await repo.applySync(item, changes, async () => {
      seen.push(await state());
    });
    expect(seen.every((s) => s.charge === 1 && s.cursor === 'before')).toBe(true);
    expect(await state()).toEqual({ n: 1 + upserts.length, charge: 1, cursor: 'after' });
  });
});
