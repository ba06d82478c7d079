/** The bills calendar: upcoming charges for the calendar screen and the private iCal feed. */
import type { UpcomingCharge } from '@billow/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { FieldCipher } from '../../security/encryption';
import type { FeatureModule } from '../feature-module';
import { createCalendarRepo } from './calendar.repo';
import { registerCalendarRoutes } from './calendar.routes';
import { createCalendarService } from './calendar.service';

export function createCalendarModule(deps: {
  db: Db;
  cipher: FieldCipher;
  /** Where the iCal feed's links lead. */
  config: Pick<Config, 'publicUrl'>;
  /** The bills' charges and the person's today (the subscriptions module). */
  bills: {
    upcomingCharges: (userId: string, from: string, until: string) => Promise<UpcomingCharge[]>;
    paidCharges: (userId: string, from: string, until: string) => Promise<UpcomingCharge[]>;
    todayOf: (userId: string) => Promise<string>;
  };
  clock?: () => Date;
}) {
  const { upcomingCharges, paidCharges, todayOf } = deps.bills;
  const service = createCalendarService({
    cipher: deps.cipher,
    publicUrl: deps.config.publicUrl,
    upcomingCharges,
    paidCharges,
    todayOf,
    ...(deps.clock ? { clock: deps.clock } : {}),
    repo: createCalendarRepo(deps.db),
  });
  return {
    service,
    routes: (app) => registerCalendarRoutes(app, { calendar: service }),
    forget: (person) => service.forget(person.userId),
  } satisfies FeatureModule & { service: unknown };
}
