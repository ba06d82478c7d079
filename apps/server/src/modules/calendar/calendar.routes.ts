import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import { ProblemError } from '../../http/problem';
import type { CalendarService } from './calendar.service';

export async function registerCalendarRoutes(
  app: FastifyInstance,
  deps: { calendar: CalendarService },
) {
  const { calendar } = deps;
  mount(app, calendarRoutes.upcoming, (r) =>
    calendar.upcoming(r.userId, r.query.from, r.query.until),
  );
  mount(app, calendarRoutes.paid, (r) => calendar.paid(r.userId, r.query.from, r.query.until));
  mount(app, calendarRoutes.feedUrl, (r) => calendar.feedUrl(r.userId));
  mount(app, calendarRoutes.resetFeedUrl, (r) => calendar.resetFeedUrl(r.userId));
  // The feed is text/calendar, not JSON: a plain route, its contract listing it for the suites.
  // A calendar app polls it with no sign-in, so it is rate limited by address like sign-in is.
  app.get<{ Params: { secret: string } }>(
    calendarRoutes.feed.path,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const ical = await calendar.feed(request.params.secret);
      if (ical === undefined) throw new ProblemError('not-found', 'No calendar feed here.');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=0, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(ical);
    },
  );
}
