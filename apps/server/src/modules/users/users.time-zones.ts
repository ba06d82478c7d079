/**
 * The zone a person's days are counted in, as the dashboard's reads ask for it on every request
 * (the bills list, the calendar, the insights): prepared once and kept in memory until a row of
 * the person's changes (a change of zone notifies the same channel, migration 0023), so a bills
 * list served from memory stays free of queries (issue 16).
 */
import { eq, sql } from 'drizzle-orm';
import { USER_DATA_CHANNEL, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createResponseCache } from '../../db/response-cache';
import { users } from './users.tables';

export function createKeptTimeZones(db: Db, changes: ChangeFeed) {
  const zoneOf = db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_time_zone_of');
  const kept = createResponseCache<{ timeZone: string }>(changes, USER_DATA_CHANNEL, {
    max: 2_000,
  });
  /** The person's zone (their profile's), UTC when there is no such person. */
  return async function cachedTimeZoneOf(userId: string): Promise<string> {
    const row = await kept.get(userId, async () => (await zoneOf.execute({ userId }))[0]);
    return row?.timeZone ?? 'UTC';
  };
}
