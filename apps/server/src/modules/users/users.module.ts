/** The profile: identity, settings, recovery email, feedback, and deleting everything. */
import type { LinkedAccount, ProfileSettings } from '@billow/contracts';
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../events/domain-events';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { FeatureModule, Person } from '../feature-module';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes.service';
import { createUsersRepo, type ProfileParts } from './users.repo';
import { registerUserRoutes } from './users.routes';
import { createUsersService } from './users.service';
import { createKeptTimeZones } from './users.time-zones';

export function createUsersModule(deps: {
  db: Db;
  changes: ChangeFeed;
  email: EmailSender;
  sms: SmsSender;
  codes: OneTimeCodes;
  isRecentSignIn: (authorization: string | undefined, withinMs: number) => Promise<boolean>;
  clock?: () => Date;
  /** The person's linked accounts (the banking module), also inside the profile's statement. */
  banking: {
    linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
    linkedAccountsColumn: ProfileParts['linkedAccounts'];
  };
  /** Everything the person has earned in rewards, in cents (the rewards ledger's). */
  lifetimeAccruedRewardsCents: ProfileParts['lifetimeAccruedRewardsCents'];
  events: DomainEventBus;
  /** Every module, each of which forgets a deleted person in its own way (read when deleting). */
  modules: () => FeatureModule[];
}) {
  const repo = createUsersRepo(deps.db, {
    linkedAccounts: deps.banking.linkedAccountsColumn,
    lifetimeAccruedRewardsCents: deps.lifetimeAccruedRewardsCents,
  });
  const service = createUsersService({
    repo,
    email: deps.email,
    sms: deps.sms,
    codes: deps.codes,
    isRecentSignIn: deps.isRecentSignIn,
    ...(deps.clock ? { clock: deps.clock } : {}),
    linkedAccounts: deps.banking.linkedAccounts,
    // Which settings a person changed (e.g. turning on negotiation starts its calls).
    onSettingsChanged: (userId: string, changes: Partial<ProfileSettings>) =>
      deps.events.publish('settings-changed', { userId, changes }),
    async forgetElsewhere(person: Person) {
      for (const module of deps.modules()) await module.forget?.(person);
    },
  });
  return {
    service,
    /** What other modules may read of people (each takes the part it uses). */
    published: {
      /** The person's account row (name, phone number, time zone, settings). */
      personOf: (userId: string) => repo.findById(userId),
      /** The profile as the profile screen shows it. */
      profile: service.profile,
      overdraftProtectedAfter: repo.overdraftProtectedAfter,
      lockPerson: repo.lockPerson,
      /** Sets the profile's "Account Update Required" flag (banking's, in its transaction). */
      setBankUpdateRequired: repo.setBankUpdateRequired,
      // The people who sign in, by phone number (the auth module's).
      findOrCreateByPhone: repo.findOrCreateByPhone,
      phoneNumberOf: repo.phoneNumberOf,
      // How to reach people, for reminders and alerts.
      contactOf: repo.contactOf,
      contactsAfter: repo.contactsAfter,
      idsEvery: repo.idsEvery,
      timeZoneOf: repo.timeZoneOf,
      /** The person's zone for a read outside a transaction: kept in memory until they change. */
      cachedTimeZoneOf: createKeptTimeZones(deps.db, deps.changes),
    },
    routes: (app) => registerUserRoutes(app, { users: service }),
  } satisfies FeatureModule & { service: unknown; published: unknown };
}
