import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A person who signed in with their phone. Profile settings default as docs/profile.md ("Settings")
 * says.
 */
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  phoneNumber: text().notNull().unique(),
  legalName: text(),
  email: text(),
  isEmailVerified: boolean().notNull().default(false),
  gender: text(),
  isPlaidUpdateModeRequired: boolean().notNull().default(false),
  isAutoApplyRewardsEnabled: boolean().notNull().default(true),
  isSubscriptionNotificationsEnabled: boolean().notNull().default(true),
  isOverdraftProtectionEnabled: boolean().notNull().default(true),
  isBillNegotiationEnabled: boolean().notNull().default(false),
  /** IANA zone every "today" of the person is counted in. */
  timeZone: text().notNull().default('UTC'),
  /** Whether the person picked the zone: until then the browser's zone replaces it. */
  isTimeZoneChosen: boolean().notNull().default(false),
  /** When the person finished the settings onboarding; until then signing in resumes it. */
  onboardedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What people tell us in the profile's feedback box. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_user_idx').on(table.userId)],
);
