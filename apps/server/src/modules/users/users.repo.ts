import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { LinkedAccount } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { PersonColumn } from '../../db/person-column';
import { feedback, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type UsersRepo = ReturnType<typeof createUsersRepo>;

const contacts = (tx: Db) =>
  tx
    .select({
      id: users.id,
      phoneNumber: users.phoneNumber,
      email: users.email,
      isEmailVerified: users.isEmailVerified,
      isSubscriptionNotificationsEnabled: users.isSubscriptionNotificationsEnabled,
      // The zone of the person's days: a scan reads it here, not once more per person.
      timeZone: users.timeZone,
    })
    .from(users);

/** What the profile shows of other modules' rows, asked for in its own statement. */
export type ProfileParts = {
  linkedAccounts: PersonColumn<LinkedAccount[]>;
  lifetimeAccruedRewardsCents: PersonColumn<number>;
};

export function createUsersRepo(db: Db, parts: ProfileParts) {
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  // Read on every page load (profile-info): the person, their linked accounts and their rewards
  // in one statement, built and planned once.
  // Nested in a fragment of its own, a subquery keeps its columns' table names (a one-table
  // select writes the columns of its fields bare, which the subqueries' own tables would share).
  const nested = (column: PersonColumn<unknown>) => sql`${column.of(users.id)}`;
  const profile = db
    .select({
      user: users,
      linkedAccounts: nested(parts.linkedAccounts),
      lifetimeAccruedRewardsCents: nested(parts.lifetimeAccruedRewardsCents),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_of');
  return {
    /** The person's row with what the profile shows of other modules' rows. */
    async profileOf(id: string) {
      const [row] = await profile.execute({ id });
      return row
        ? {
            user: row.user,
            linkedAccounts: parts.linkedAccounts.read(row.linkedAccounts),
            lifetimeAccruedRewardsCents: parts.lifetimeAccruedRewardsCents.read(
              row.lifetimeAccruedRewardsCents,
            ),
          }
        : undefined;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
    async update(
      id: string,
      values: Partial<Omit<typeof users.$inferInsert, 'id' | 'phoneNumber'>>,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
    /** Creates the user of a phone, or finds the one a parallel request just created. */
    async findOrCreateByPhone(phoneNumber: string) {
      const [created] = await db
        .insert(users)
        .values({ phoneNumber })
        .onConflictDoNothing()
        .returning();
      if (created) return { user: created, isNew: true };
      const [existing] = await db
        .select()
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber))
        .limit(1);
      return { user: existing!, isNew: false };
    },
    async phoneNumberOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ phoneNumber: users.phoneNumber })
        .from(users)
        .where(eq(users.id, userId));
      return row?.phoneNumber;
    },
    async addFeedback(userId: string, message: string) {
      await db.insert(feedback).values({ userId, message });
    },
    /** Deletes the user; every table that holds their rows cascades from users.id. */
    async delete(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },

    /** Marks the email verified, unless it changed since the code was sent. */
    async markEmailVerified(userId: string, email: string, now: Date): Promise<boolean> {
      const verified = await db
        .update(users)
        .set({ isEmailVerified: true, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.email, email)))
        .returning({ id: users.id });
      return verified.length === 1;
    },
    /** The next people (by id, after `cursor`) with overdraft protection on, and their zone. */
    overdraftProtectedAfter: (cursor: string | undefined, limit: number) =>
      db
        .select({ id: users.id, timeZone: users.timeZone })
        .from(users)
        .where(
          and(
            eq(users.isOverdraftProtectionEnabled, true),
            cursor ? gt(users.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit),
    /** How to reach the person, and which reminders they allow (`tx`: the caller's reads). */
    async contactOf(userId: string, tx: Db = db) {
      const [row] = await contacts(tx).where(eq(users.id, userId));
      return row;
    },
    /** The next people (by id, after `cursor`) and how to reach them: the reminder scans. */
    contactsAfter: (cursor: string | undefined, limit: number, through?: string) =>
      contacts(db)
        .where(
          and(
            cursor ? gt(users.id, cursor) : undefined,
            through ? lte(users.id, through) : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit),
    /**
     * The id of every `every`-th person by id (the `every`-th, the 2·`every`-th, …): the ends of
     * ranges of `every` people that together hold everyone. One pass over the primary key.
     */
    async idsEvery(every: number, tx: Db = db) {
      const numbered = tx
        .select({ id: users.id, n: sql<number>`row_number() OVER (ORDER BY ${users.id})`.as('n') })
        .from(users)
        .as('numbered');
      const rows = await tx
        .select({ id: numbered.id })
        .from(numbered)
        .where(sql`${numbered.n} % ${every} = 0`)
        .orderBy(asc(numbered.id));
      return rows.map((r) => r.id);
    },
    /** The zone the person's days are counted in; undefined when there is no such person. */
    async timeZoneOf(userId: string, tx: Db = db) {
      const [row] = await tx
        .select({ timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, userId));
      return row?.timeZone;
    },
    /** Sets the profile's "Account Update Required" flag (banking's, in its transaction). */
    async setBankUpdateRequired(userId: string, isRequired: boolean, tx: Db = db) {
      await tx
        .update(users)
        .set({ isPlaidUpdateModeRequired: isRequired })
        .where(eq(users.id, userId));
    },
    /**
     * Holds the person's row until the caller's transaction ends (one balance decision at a time),
     * with their auto-apply setting; undefined when the person is gone.
     */
    async lockPerson(userId: string, tx: Db) {
      const [row] = await tx
        .select({ isAutoApplyRewardsEnabled: users.isAutoApplyRewardsEnabled })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },
  };
}
