/**
 * Records product events first-party. Events may come from signed-out visitors (the funnel); a
 * signed-in visitor's events are tied to their account, so deleting the account deletes them.
 */
import type { AnalyticsEvent } from '@billow/contracts';
import type { Db } from '../../db/database';
import { analyticsEvents } from './analytics.tables';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export function createAnalyticsService(deps: { db: Db; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  return {
    async record(events: AnalyticsEvent[], userId: string | undefined): Promise<number> {
      const receivedAt = now();
      await deps.db.insert(analyticsEvents).values(
        events.map((event) => {
          const occurredAt = event.occurredAt ? new Date(event.occurredAt) : receivedAt;
          return {
            name: event.name,
            anonymousId: event.anonymousId,
            userId: userId ?? null,
            path: event.path ?? null,
            properties: event.properties ?? null,
            // A client clock in the future is not believed.
            occurredAt: occurredAt > receivedAt ? receivedAt : occurredAt,
            receivedAt,
          };
        }),
      );
      return events.length;
    },
  };
}
