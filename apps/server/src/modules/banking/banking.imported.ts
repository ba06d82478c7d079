/**
 * What the imports module may read and write of the banking rows: imported accounts are bank
 * items of their own (`importSource` set, no access token) with one account each, so everything
 * that reads transactions — detection, the profile's linked accounts, the export — sees them as
 * it sees a linked bank's. Writes take the import's transaction, so a file lands whole or not at all.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, SqlResult } from '../../db/database';
import { bankAccounts, bankItems } from './banking.tables';

/** Rows a single insert statement writes: bounds the JSON parameter, not the statement count. */
const INSERT_PAGE_ROWS = 2000;

export type ImportRow = {
  providerTransactionId: string;
  amountCents: number;
  date: string;
  name: string;
};

type ImportedAccount = { accountId: string; itemId: string; name: string };

export function createImportedAccounts(db: Db) {
  const importedAccounts = (tx: Db) =>
    tx
      .select({ accountId: bankAccounts.id, itemId: bankItems.id, name: bankAccounts.name })
      .from(bankAccounts)
      .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
      .$dynamic();

  async function importedAccountBySource(
    userId: string,
    importSource: string,
    tx: Db = db,
  ): Promise<ImportedAccount | undefined> {
    const [row] = await importedAccounts(tx)
      .where(and(eq(bankItems.userId, userId), eq(bankItems.importSource, importSource)))
      .limit(1);
    return row;
  }

  return {
    /** One of the person's imported accounts, or undefined (not theirs, not imported, gone). */
    async importedAccountOf(
      userId: string,
      accountId: string,
      tx: Db = db,
    ): Promise<ImportedAccount | undefined> {
      const [row] = await importedAccounts(tx)
        .where(
          and(
            eq(bankAccounts.id, accountId),
            eq(bankAccounts.userId, userId),
            isNotNull(bankItems.importSource),
          ),
        )
        .limit(1);
      return row;
    },

    importedAccountBySource,

    /**
     * Creates the imported item and its one account (the caller's transaction), or answers the
     * one another import of the same source created in the meantime: two requests that both
     * found none insert the same (user, source), and the unique index lets one through; the
     * other waits for it to commit and reads its account.
     */
    async createImportedAccount(
      tx: Db,
      values: { userId: string; importSource: string; name: string; mask: string | null },
    ): Promise<ImportedAccount> {
      const [item] = await tx
        .insert(bankItems)
        .values({
          userId: values.userId,
          providerItemId: `import:${crypto.randomUUID()}`,
          accessTokenEncrypted: '',
          institutionName: values.name,
          importSource: values.importSource,
        })
        .onConflictDoNothing({ target: [bankItems.userId, bankItems.importSource] })
        .returning({ id: bankItems.id });
      if (!item) {
        const existing = await importedAccountBySource(values.userId, values.importSource, tx);
        if (existing) return existing;
        throw new Error(`imported account for ${values.importSource} vanished while importing`);
      }
      const [account] = await tx
        .insert(bankAccounts)
        .values({
          userId: values.userId,
          itemId: item.id,
          providerAccountId: 'import',
          name: values.name,
          mask: values.mask,
          // Not 'depository': an imported account can never be debited for a payment.
          type: 'other',
          subtype: 'imported',
        })
        .returning({ id: bankAccounts.id });
      return { accountId: account!.id, itemId: item.id, name: values.name };
    },

    /** Inserts the rows not imported before (by their stable id); answers how many were new. */
    async insertTransactions(
      tx: Db,
      account: ImportedAccount & { userId: string },
      rows: ImportRow[],
      at: Date,
    ): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += INSERT_PAGE_ROWS) {
        const page = JSON.stringify(rows.slice(i, i + INSERT_PAGE_ROWS));
        const result = (await tx.execute(sql`
          INSERT INTO bank_transactions (user_id, item_id, account_id, provider_transaction_id,
            amount_cents, date, name, updated_at)
          SELECT ${account.userId}::uuid, ${account.itemId}::uuid, ${account.accountId}::uuid,
            r."providerTransactionId", r."amountCents", r."date", r."name", ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${page}::jsonb) AS r("providerTransactionId" text,
            "amountCents" bigint, "date" date, "name" text)
          ON CONFLICT (item_id, provider_transaction_id) DO NOTHING
          RETURNING id`)) as unknown as SqlResult;
        added += result.rows.length;
      }
      // Imported is loaded: the loading status and "updated …" notes read these.
      await tx
        .update(bankItems)
        .set({
          lastSyncedAt: at,
          initialSyncedAt: sql`coalesce(${bankItems.initialSyncedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(bankItems.id, account.itemId));
      return added;
    },
  };
}

export type ImportedAccounts = ReturnType<typeof createImportedAccounts>;
