/**
 * A person's reminder settings (docs/reminders.md): the days before a bill, the quiet hours and
 * email on or off, stored here; the zone of their days is their profile's, read from it.
 */
import {
  EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
  type ReminderPreferences,
  type ReminderPreferencesUpdate,
} from '@billow/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { DEFAULT_OFFSETS_DAYS } from './reminder-events';
import type { RemindersContext } from './reminders.deps';
import { reminderPreferences } from './reminders.tables';

const DEFAULTS = {
  offsetsDays: [...DEFAULT_OFFSETS_DAYS],
  quietHoursStart: 21,
  quietHoursEnd: 8,
  timeZone: 'UTC',
  isEmailEnabled: true,
};

/** Stored settings (or none: the defaults) in the zone of the person's profile. */
function settingsIn(
  row: typeof reminderPreferences.$inferSelect | undefined,
  zone: string | undefined,
): ReminderPreferences {
  const timeZone = zone ?? DEFAULTS.timeZone;
  if (!row) return { ...DEFAULTS, offsetsDays: [...DEFAULTS.offsetsDays], timeZone };
  return {
    offsetsDays: row.offsetsDays,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    timeZone,
    isEmailEnabled: row.isEmailEnabled,
  };
}

/**
 * The person's reminder settings, in the zone of their profile (its one source): `knownZone`
 * when the caller read the profile already.
 */
export async function preferencesOf(
  ctx: RemindersContext,
  userId: string,
  tx: Db = ctx.db,
  knownZone?: string,
): Promise<ReminderPreferences> {
  const [zone, [row]] = await Promise.all([
    knownZone ?? ctx.people.timeZoneOf(userId, tx),
    tx.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId)),
  ]);
  return settingsIn(row, zone);
}

/** The settings of a page of people whose zones the caller read already: one statement. */
export async function preferencesOfPeople(
  people: { id: string; timeZone: string }[],
  tx: Db,
): Promise<Map<string, ReminderPreferences>> {
  const rows =
    people.length === 0
      ? []
      : await tx
          .select()
          .from(reminderPreferences)
          .where(
            inArray(
              reminderPreferences.userId,
              people.map((person) => person.id),
            ),
          );
  const stored = new Map(rows.map((row) => [row.userId, row]));
  return new Map(
    people.map((person) => [person.id, settingsIn(stored.get(person.id), person.timeZone)]),
  );
}

/** Stores the settings; a zone sent along is the profile's to set, so it is left out. */
export async function updatePreferences(
  ctx: RemindersContext,
  userId: string,
  prefs: ReminderPreferencesUpdate,
) {
  // Turning email reminders on needs a verified address to send them to. One that was on
  // before the address changed stays as it is: sending skips an address that is not verified.
  if (prefs.isEmailEnabled && !(await preferencesOf(ctx, userId)).isEmailEnabled) {
    const person = await ctx.people.contactOf(userId);
    if (!person?.email || !person.isEmailVerified)
      throw new ProblemError('validation', EMAIL_REMINDERS_NEED_EMAIL_MESSAGE, {
        errors: [
          {
            field: 'isEmailEnabled',
            message: EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
            code: 'email-not-verified',
          },
        ],
      });
  }
  const { timeZone: _profileOwnsIt, ...kept } = prefs;
  const values = {
    ...kept,
    offsetsDays: [...new Set(prefs.offsetsDays)].sort((a, b) => b - a),
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(reminderPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderPreferences.userId, set: values });
  return preferencesOf(ctx, userId);
}
