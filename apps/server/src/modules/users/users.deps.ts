/** What the users service is given: its repo, the senders, the codes and other modules' functions. */
import type { LinkedAccount, ProfileSettings } from '@billow/contracts';
import type { EmailSender } from '../../providers/email/email-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { Person } from '../feature-module';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes.service';
import type { UsersRepo } from './users.repo';

export type UsersServiceDeps = {
  repo: UsersRepo;
  email: EmailSender;
  sms: SmsSender;
  codes: OneTimeCodes;
  /** Whether a bearer token's session was signed into within `withinMs` (the auth module answers). */
  isRecentSignIn: (authorization: string | undefined, withinMs: number) => Promise<boolean>;
  linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
  /** Told which settings a person changed (e.g. turning on negotiation starts its calls). */
  onSettingsChanged?: (userId: string, changes: Partial<ProfileSettings>) => Promise<void>;
  /**
   * Asks every other module to forget the person (revoke bank access, drop codes and texts kept
   * by phone number or email) before the account's own rows go.
   */
  forgetElsewhere: (person: Person) => Promise<void>;
  clock?: () => Date;
};

/** A profile path's view of the service: its deps and its clock. */
export type UsersContext = UsersServiceDeps & { now: () => Date };
