import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { dollarsToCents } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { BankAccount, BankTransaction } from '../../providers/bank/bank-provider';
import type { SameAccountCandidate } from './banking.same-account';
import { bankAccounts, bankItems, bankTransactions } from './banking.tables';

export type BankItemRow = typeof bankItems.$inferSelect;
type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankingRepo = ReturnType<typeof createBankingRepo>;

/**
 * Rows a sync writes in one transaction: on the embedded database requests wait for each, so
 * a bank's years of history are written a batch at a time (`applySync`).
 */
export const SYNC_WRITE_ROWS = 500;

const cents = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));

function accountValues(account: BankAccount) {
  return {
    providerAccountId: account.accountId,
    name: account.name,
    officialName: account.officialName,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype,
    currentBalanceCents: cents(account.balances.current),
    availableBalanceCents: cents(account.balances.available),
    isoCurrencyCode: account.balances.isoCurrencyCode,
    ...(account.institution
      ? {
          institutionName: account.institution.name,
          institutionDomain: account.institution.domain,
        }
      : {}),
  };
}

/** The users module's: sets the profile's "Account Update Required" flag. */
export type SetUpdateRequired = (userId: string, isRequired: boolean, tx: Db) => Promise<void>;

export function createBankingRepo(db: Db, setUpdateRequired: SetUpdateRequired) {
  async function upsertAccounts(tx: Db, item: BankItemRow, accounts: BankAccount[]) {
    for (const account of accounts) {
      await tx
        .insert(bankAccounts)
        .values({ ...accountValues(account), userId: item.userId, itemId: item.id })
        .onConflictDoUpdate({
          target: [bankAccounts.itemId, bankAccounts.providerAccountId],
          set: { ...accountValues(account), isActive: true },
        });
    }
  }

  // Read on every page load (profile-info's linked accounts): built and planned once.
  const accounts = db
    .select({ account: bankAccounts, item: bankItems })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(eq(bankAccounts.userId, sql.placeholder('userId')))
    .orderBy(asc(bankItems.createdAt), asc(bankAccounts.name))
    .prepare('bank_accounts_of');
  return {
    async itemsOf(userId: string): Promise<BankItemRow[]> {
      return db
        .select()
        .from(bankItems)
        .where(eq(bankItems.userId, userId))
        .orderBy(asc(bankItems.createdAt));
    },
    async item(id: string): Promise<BankItemRow | undefined> {
      const [row] = await db.select().from(bankItems).where(eq(bankItems.id, id)).limit(1);
      return row;
    },
    async itemByProviderId(providerItemId: string): Promise<BankItemRow | undefined> {
      const [row] = await db
        .select()
        .from(bankItems)
        .where(eq(bankItems.providerItemId, providerItemId))
        .limit(1);
      return row;
    },
    async activeItemIds(): Promise<string[]> {
      const rows = await db
        .select({ id: bankItems.id })
        .from(bankItems)
        // An imported item (a file the person uploaded) has nothing to sync. A connection whose
        // source told the person of a problem (the SimpleFIN Bridge's messages) is still read:
        // that is how it clears.
        .where(
          and(
            or(
              eq(bankItems.status, 'active'),
              and(eq(bankItems.status, 'login_required'), isNotNull(bankItems.sourceMessages)),
            ),
            isNull(bankItems.importSource),
          ),
        );
      return rows.map((row) => row.id);
    },
    async updateItem(id: string, values: Partial<typeof bankItems.$inferInsert>) {
      await db.update(bankItems).set(values).where(eq(bankItems.id, id));
    },
    /** Keeps the profile's "Account Update Required" flag in step with the person's items. */
    async refreshUpdateRequired(userId: string, tx: Db = db) {
      const broken = await tx
        .select({ id: bankItems.id })
        .from(bankItems)
        .where(and(eq(bankItems.userId, userId), ne(bankItems.status, 'active')))
        .limit(1);
      await setUpdateRequired(userId, broken.length > 0, tx);
    },

    async itemByLinkToken(userId: string, publicTokenHash: string) {
      const [row] = await db
        .select()
        .from(bankItems)
        .where(
          and(eq(bankItems.userId, userId), eq(bankItems.linkPublicTokenHash, publicTokenHash)),
        )
        .limit(1);
      return row;
    },

    /**
     * Stores an item right after its source connected it (a public token exchanged, a setup
     * token claimed), before its accounts are read; its first sync finishes it if nothing else
     * does (a link's caller enqueues that sync in `tx`).
     */
    async insertPendingItem(
      tx: Db,
      values: {
        userId: string;
        providerItemId: string;
        accessTokenEncrypted: string;
        linkPublicTokenHash?: string;
        source: BankItemRow['source'];
      },
    ): Promise<BankItemRow> {
      const [item] = await tx
        .insert(bankItems)
        .values({ ...values, institutionName: 'Your bank', isLinkPending: true })
        .returning();
      return item!;
    },

    /** Stores a pending item's institution and accounts; safe to run twice, even at once. */
    async finishLink(
      tx: Db,
      item: BankItemRow,
      institution: { id: string | null; name: string; domain: string | null },
      accounts: BankAccount[],
    ) {
      await upsertAccounts(tx, item, accounts);
      await tx
        .update(bankItems)
        .set({
          institutionId: institution.id,
          institutionName: institution.name,
          institutionDomain: institution.domain,
          isLinkPending: false,
        })
        .where(eq(bankItems.id, item.id));
    },

    upsertAccounts,

    /**
     * The provider ids of an item's pending transactions in these accounts dated on or after
     * `from`, or before `staleBefore`.
     */
    async pendingTransactionIds(
      itemId: string,
      accountIds: string[],
      { from, staleBefore }: { from: string; staleBefore: string },
    ) {
      if (accountIds.length === 0) return [];
      const rows = await db
        .select({ id: bankTransactions.providerTransactionId })
        .from(bankTransactions)
        .where(
          and(
            eq(bankTransactions.itemId, itemId),
            eq(bankTransactions.pending, true),
            inArray(bankTransactions.accountId, accountIds),
            or(gte(bankTransactions.date, from), lt(bankTransactions.date, staleBefore)),
          ),
        );
      return rows.map((row) => row.id);
    },
    /**
     * The person's counted accounts (none recognised as another) with what recognising the same
     * account needs: where each comes from, and its posted transactions of the last `days` days.
     */
    async sameAccountCandidates(userId: string, since: string): Promise<SameAccountCandidate[]> {
      const rows = await db
        .select({ account: bankAccounts, item: bankItems })
        .from(bankAccounts)
        .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.sameAsAccountId)))
        .orderBy(asc(bankAccounts.createdAt));
      if (rows.length < 2) return [];
      const posted = await db
        .select({
          accountId: bankTransactions.accountId,
          date: bankTransactions.date,
          amountCents: bankTransactions.amountCents,
        })
        .from(bankTransactions)
        .where(
          and(
            eq(bankTransactions.userId, userId),
            eq(bankTransactions.pending, false),
            gte(bankTransactions.date, since),
          ),
        );
      return rows.map(({ account, item }) => ({
        id: account.id,
        itemId: item.id,
        createdAt: account.createdAt,
        isFile: item.importSource !== null,
        institution: {
          name: account.institutionName ?? item.institutionName,
          domain: account.institutionDomain ?? item.institutionDomain,
        },
        mask: account.mask,
        type: account.type,
        transactions: posted.filter((t) => t.accountId === account.id),
      }));
    },
    /** Stops counting an account that is the same as another: its transactions go. */
    async markSameAccount(accountId: string, sameAsAccountId: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(bankAccounts)
          .set({ sameAsAccountId })
          .where(eq(bankAccounts.id, accountId));
        await tx.delete(bankTransactions).where(eq(bankTransactions.accountId, accountId));
      });
    },
    /** Deletes transactions on the person's accounts recognised as another; how many went. */
    async dropNotCountedTransactions(userId: string): Promise<number> {
      const notCounted = db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNotNull(bankAccounts.sameAsAccountId)));
      const rows = await db
        .delete(bankTransactions)
        .where(
          and(eq(bankTransactions.userId, userId), inArray(bankTransactions.accountId, notCounted)),
        )
        .returning({ id: bankTransactions.id });
      return rows.length;
    },
    /** An item's accounts recognised as another (their transactions are not kept). */
    async notCountedAccountIds(itemId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.itemId, itemId), isNotNull(bankAccounts.sameAsAccountId)));
      return new Set(rows.map((row) => row.id));
    },
    /** The items of the accounts recognised as this one. */
    async itemsSameAs(accountId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ itemId: bankAccounts.itemId })
        .from(bankAccounts)
        .where(eq(bankAccounts.sameAsAccountId, accountId));
      return rows.map((row) => row.itemId);
    },
    async accountsOf(userId: string) {
      return accounts.execute({ userId });
    },
    async accountOf(userId: string, accountId: string): Promise<BankAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.userId, userId)))
        .limit(1);
      return row;
    },
    /** The person's accounts with their items, primary payment account first, then oldest. */
    async paymentCandidates(userId: string, accountId: string | undefined) {
      return db
        .select({ account: bankAccounts, item: bankItems })
        .from(bankAccounts)
        .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(
          accountId
            ? and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId))
            : eq(bankAccounts.userId, userId),
        )
        .orderBy(desc(bankAccounts.isPrimaryPaymentAccount), asc(bankAccounts.createdAt));
    },
    async accountWithItem(accountId: string) {
      const [row] = await db
        .select({ account: bankAccounts, item: bankItems })
        .from(bankAccounts)
        .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
        .where(eq(bankAccounts.id, accountId));
      return row;
    },
    async accountIdsByProviderId(itemId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId })
        .from(bankAccounts)
        .where(eq(bankAccounts.itemId, itemId));
      return new Map(rows.map((row) => [row.providerAccountId, row.id]));
    },
    async setPrimary(userId: string, accountId: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(bankAccounts)
          .set({ isPrimaryPaymentAccount: false })
          .where(
            and(eq(bankAccounts.userId, userId), eq(bankAccounts.isPrimaryPaymentAccount, true)),
          );
        await tx
          .update(bankAccounts)
          .set({ isPrimaryPaymentAccount: true })
          .where(eq(bankAccounts.id, accountId));
      });
    },
    /** Deletes an account (its transactions cascade); says whether its item has accounts left. */
    async deleteAccount(account: BankAccountRow): Promise<{ isItemEmpty: boolean }> {
      return db.transaction(async (tx) => {
        await tx.delete(bankAccounts).where(eq(bankAccounts.id, account.id));
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bankAccounts)
          .where(eq(bankAccounts.itemId, account.itemId));
        return { isItemEmpty: (left?.n ?? 0) === 0 };
      });
    },
    async deleteItem(id: string) {
      await db.delete(bankItems).where(eq(bankItems.id, id));
    },

    /**
     * Applies one complete sync in one transaction: upserts by the provider's transaction id (so a
     * replayed page imports nothing twice), deletes what was removed, and moves the cursor.
     */
    /**
     * Writes a sync's changes in batches of SYNC_WRITE_ROWS, each its own short transaction (on
     * the embedded database a transaction holds the one connection, and requests wait for it to
     * end), with `between()` run before each batch after the first: a turn of the event loop,
     * so a request is read at all (the embedded database answers on this thread), and where the
     * caller holds a lease, its renewal (a sync that lost it stops before writing more).
     * - A posted transaction and the pending one it replaces are written in the same batch, so
     *   nobody ever sees both, or neither.
     * - The cursor is written with the last batch only: a sync stopped part-way leaves the old
     *   cursor, and the next one reads the same changes again and writes them again (each write
     *   is an upsert or a delete by the bank's id, so writing twice changes nothing).
     * - Detection runs after the last batch (its own job), so subscriptions never reflect a
     *   part-written sync of theirs.
     */
    async applySync(
      item: BankItemRow,
      changes: {
        upserts: BankTransaction[];
        removed: string[];
        cursor: string;
        accountIds: Map<string, string>;
        at: Date;
      },
      between: () => Promise<void> = () => setImmediate(),
    ) {
      const batchRows = SYNC_WRITE_ROWS;
      const rows = changes.upserts.flatMap((t) => {
        const accountId = changes.accountIds.get(t.accountId);
        if (!accountId) return [];
        return [
          {
            userId: item.userId,
            itemId: item.id,
            accountId,
            providerTransactionId: t.transactionId,
            amountCents: dollarsToCents(t.amount),
            isoCurrencyCode: t.isoCurrencyCode,
            date: t.date,
            authorizedDate: t.authorizedDate,
            name: t.name,
            merchantName: t.merchantName,
            pending: t.pending,
            pendingTransactionId: t.pendingTransactionId,
            updatedAt: changes.at,
          },
        ];
      });
      const unpaired = new Set(changes.removed);
      const batches: { rows: typeof rows; removed: string[] }[] = [];
      for (let i = 0; i < rows.length; i += batchRows) {
        const page = rows.slice(i, i + batchRows);
        const replaced = page.flatMap(({ pendingTransactionId: id }) =>
          id !== null && unpaired.delete(id) ? [id] : [],
        );
        batches.push({ rows: page, removed: replaced });
      }
      // Removals that replace nothing of this sync go with the last batch (and the cursor).
      if (batches.length === 0) batches.push({ rows: [], removed: [] });
      batches.at(-1)!.removed.push(...unpaired);

      for (const [index, batch] of batches.entries()) {
        if (index > 0) await between();
        const isLast = index === batches.length - 1;
        await db.transaction(async (tx) => {
          // The rows as one JSON parameter: a multi-row VALUES list would carry 13 parameters a
          // row for Drizzle to build and the driver to bind.
          if (batch.rows.length > 0)
            await tx.execute(sql`
              INSERT INTO bank_transactions (user_id, item_id, account_id, provider_transaction_id,
                amount_cents, iso_currency_code, date, authorized_date, name, merchant_name, pending,
                pending_transaction_id, updated_at)
              SELECT r."userId", r."itemId", r."accountId", r."providerTransactionId", r."amountCents",
                r."isoCurrencyCode", r."date", r."authorizedDate", r."name", r."merchantName",
                r."pending", r."pendingTransactionId", r."updatedAt"
              FROM jsonb_to_recordset(${JSON.stringify(batch.rows)}::jsonb) AS r("userId" uuid,
                "itemId" uuid, "accountId" uuid, "providerTransactionId" text,
                "amountCents" bigint, "isoCurrencyCode" text, "date" date, "authorizedDate" date,
                "name" text, "merchantName" text, "pending" boolean,
                "pendingTransactionId" text, "updatedAt" timestamptz)
              ON CONFLICT (item_id, provider_transaction_id) DO UPDATE SET
                account_id = excluded.account_id, amount_cents = excluded.amount_cents,
                iso_currency_code = excluded.iso_currency_code, date = excluded.date,
                authorized_date = excluded.authorized_date, name = excluded.name,
                merchant_name = excluded.merchant_name, pending = excluded.pending,
                pending_transaction_id = excluded.pending_transaction_id,
                updated_at = excluded.updated_at`);
          for (let i = 0; i < batch.removed.length; i += 500) {
            await tx
              .delete(bankTransactions)
              .where(
                and(
                  eq(bankTransactions.itemId, item.id),
                  inArray(bankTransactions.providerTransactionId, batch.removed.slice(i, i + 500)),
                ),
              );
          }
          if (isLast)
            await tx
              .update(bankItems)
              .set({
                cursor: changes.cursor,
                lastSyncedAt: changes.at,
                lastSyncError: null,
                status: 'active',
              })
              .where(eq(bankItems.id, item.id));
        });
      }
    },
    /**
     * Takes the item's sync lease for `owner` when nobody holds a live one (or renews it when
     * `owner` already holds it, or takes it over from a holder whose name starts with
     * `takeOverFrom`). A holder that died simply stops renewing, and the lease lapses.
     */
    async takeSyncLease(
      itemId: string,
      owner: string,
      seconds: number,
      takeOverFrom?: string,
    ): Promise<boolean> {
      const rows = await db
        .update(bankItems)
        .set({
          syncLeaseOwner: owner,
          syncLeaseUntil: sql`now() + make_interval(secs => ${seconds})`,
        })
        .where(
          and(
            eq(bankItems.id, itemId),
            or(
              isNull(bankItems.syncLeaseUntil),
              lt(bankItems.syncLeaseUntil, sql`now()`),
              eq(bankItems.syncLeaseOwner, owner),
              takeOverFrom
                ? sql`starts_with(${bankItems.syncLeaseOwner}, ${takeOverFrom})`
                : undefined,
            ),
          ),
        )
        .returning({ id: bankItems.id });
      return rows.length > 0;
    },
    async releaseSyncLease(itemId: string, owner: string) {
      await db
        .update(bankItems)
        .set({ syncLeaseOwner: null, syncLeaseUntil: null })
        .where(and(eq(bankItems.id, itemId), eq(bankItems.syncLeaseOwner, owner)));
    },
    /** Drops every lease: only for a process that knows no other one can be syncing. */
    async releaseAllSyncLeases() {
      await db
        .update(bankItems)
        .set({ syncLeaseOwner: null, syncLeaseUntil: null })
        .where(isNotNull(bankItems.syncLeaseOwner));
    },
    async markInitialSynced(tx: Db, itemId: string, at: Date) {
      await tx
        .update(bankItems)
        .set({ initialSyncedAt: at })
        .where(and(eq(bankItems.id, itemId), isNull(bankItems.initialSyncedAt)));
    },
    async transactionsOf(userId: string) {
      return db
        .select()
        .from(bankTransactions)
        .where(eq(bankTransactions.userId, userId))
        .orderBy(asc(bankTransactions.date));
    },
    /** The person's accounts and transactions for their export: named columns, no token. */
    async exportRows(userId: string) {
      const [accounts, transactions] = await Promise.all([
        db
          .select({
            id: bankAccounts.id,
            institutionName: bankItems.institutionName,
            name: bankAccounts.name,
            officialName: bankAccounts.officialName,
            mask: bankAccounts.mask,
            type: bankAccounts.type,
            subtype: bankAccounts.subtype,
            currentBalanceCents: bankAccounts.currentBalanceCents,
            availableBalanceCents: bankAccounts.availableBalanceCents,
            currency: bankAccounts.isoCurrencyCode,
            isActive: bankAccounts.isActive,
            isPrimaryPaymentAccount: bankAccounts.isPrimaryPaymentAccount,
            linkStatus: bankItems.status,
            lastSyncedAt: bankItems.lastSyncedAt,
            createdAt: bankAccounts.createdAt,
          })
          .from(bankAccounts)
          .innerJoin(
            bankItems,
            and(eq(bankItems.id, bankAccounts.itemId), eq(bankItems.userId, bankAccounts.userId)),
          )
          .where(eq(bankAccounts.userId, userId))
          .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id)),
        db
          .select({
            id: bankTransactions.id,
            accountId: bankTransactions.accountId,
            date: bankTransactions.date,
            authorizedDate: bankTransactions.authorizedDate,
            name: bankTransactions.name,
            merchantName: bankTransactions.merchantName,
            amountCents: bankTransactions.amountCents,
            currency: bankTransactions.isoCurrencyCode,
            isPending: bankTransactions.pending,
          })
          .from(bankTransactions)
          .where(eq(bankTransactions.userId, userId))
          .orderBy(asc(bankTransactions.date), asc(bankTransactions.id)),
      ]);
      return { accounts, transactions };
    },
  };
}
