/**
 * The profile: identity, settings, recovery email, feedback, and deleting everything.
 */
import {
  centsToDollars,
  emailFailureDetail,
  normalizePhoneNumber,
  profileMessages,
  type LinkedAccount,
  type ProfileInfo,
  type ProfileSettings,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { EmailSender } from '../../providers/email/email-sender';
import { SmsDeliveryError, type SmsSender } from '../../providers/sms/sms-sender';
import type {
  CodePolicy,
  OneTimeCodes,
  VerifyOutcome,
} from '../one-time-codes/one-time-codes.service';
import type { Person } from '../feature-module';
import type { UserRow, UsersRepo } from './users.repo';

/** Emailed verification codes: the one-time-code rules, with ten minutes to find the email. */
const emailCodePolicy: CodePolicy = {
  purpose: 'email',
  length: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  cooldownSeconds: 30,
};

/**
 * Texted codes confirming an account deletion: the sign-in code's rules. A session signed into
 * within RECENT_SIGN_IN_MS needs none (docs/privacy.md).
 */
const deleteCodePolicy: CodePolicy = {
  purpose: 'delete-account',
  length: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  cooldownSeconds: 30,
};
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const codeExpired = () =>
  new ProblemError('bad-request', 'This code has expired. Please ask for a new one.', {
    code: 'code-expired',
  });

/** A new code asked for before the wait between codes is over. */
const justSent = (retryAfterSeconds: number) => {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ProblemError(
    'too-many-requests',
    `Please wait ${wait} seconds before asking for a new code.`,
    {
      code: 'code-just-sent',
      headers: { 'retry-after': String(wait) },
    },
  );
};

/** Why a checked code was not accepted, worded for the screen that asked (`wrongText`). */
function refusalOf(outcome: Exclude<VerifyOutcome, 'accepted'>, wrongText: string): ProblemError {
  if (outcome === 'wrong')
    return new ProblemError('bad-request', wrongText, { code: 'code-wrong' });
  if (outcome === 'burned')
    return new ProblemError(
      'bad-request',
      'Too many wrong tries for this code. Please ask for a new one.',
      { code: 'code-burned' },
    );
  return codeExpired();
}

type UsersServiceDeps = {
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

const notFound = () => new ProblemError('user-not-found', 'This account no longer exists.');

function settingsOf(user: UserRow): ProfileSettings {
  return {
    is_auto_apply_rewards_enabled: user.isAutoApplyRewardsEnabled,
    is_subscription_notifications_enabled: user.isSubscriptionNotificationsEnabled,
    is_overdraft_protection_enabled: user.isOverdraftProtectionEnabled,
    is_bill_negotiation_enabled: user.isBillNegotiationEnabled,
  };
}

export function createUsersService(deps: UsersServiceDeps) {
  const now = deps.clock ?? (() => new Date());

  async function load(userId: string): Promise<UserRow> {
    const user = await deps.repo.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  /** The profile as the profile screen shows it: one statement (read on every page load). */
  async function profileOf(userId: string): Promise<ProfileInfo> {
    const found = await deps.repo.profileOf(userId);
    if (!found) throw notFound();
    const { user, linkedAccounts, lifetimeAccruedRewardsCents } = found;
    return {
      user_legal_name: user.legalName,
      email: user.email,
      phone_number: user.phoneNumber,
      is_email_verified: user.isEmailVerified,
      is_plaid_update_mode_required: user.isPlaidUpdateModeRequired,
      lifetime_accrued_rewards: centsToDollars(lifetimeAccruedRewardsCents),
      linkedAccounts,
      profile_settings: settingsOf(user),
      gender: (user.gender as ProfileInfo['gender']) ?? null,
      time_zone: user.timeZone,
    };
  }

  return {
    async fetchOrCreate(userId: string, rawPhone: string) {
      const user = await load(userId);
      if (normalizePhoneNumber(rawPhone) !== user.phoneNumber) {
        throw new ProblemError('forbidden', 'This phone number belongs to another account.');
      }
      return { existingUser: true, userId: user.id };
    },
    async fetchUser(userId: string) {
      const user = await load(userId);
      return {
        userId: user.id,
        user_legal_name: user.legalName,
        linkedAccounts: await deps.linkedAccounts(user.id),
      };
    },
    profile: profileOf,
    async updateSettings(
      userId: string,
      changes: Partial<ProfileSettings>,
    ): Promise<ProfileSettings> {
      await load(userId);
      const updated = await deps.repo.update(userId, {
        isAutoApplyRewardsEnabled: changes.is_auto_apply_rewards_enabled,
        isSubscriptionNotificationsEnabled: changes.is_subscription_notifications_enabled,
        isOverdraftProtectionEnabled: changes.is_overdraft_protection_enabled,
        isBillNegotiationEnabled: changes.is_bill_negotiation_enabled,
      });
      await deps.onSettingsChanged?.(userId, changes);
      return settingsOf(updated);
    },
    async updateInfo(
      userId: string,
      changes: {
        user_legal_name?: string;
        email?: string;
        time_zone?: string;
        browser_time_zone?: string;
      },
    ): Promise<ProfileInfo> {
      const user = await load(userId);
      const isNewEmail = changes.email !== undefined && changes.email !== user.email;
      await deps.repo.update(userId, {
        legalName: changes.user_legal_name,
        // A new address has to be proven again.
        ...(isNewEmail ? { email: changes.email, isEmailVerified: false } : {}),
        // The person's pick wins over the browser's, now and at every later sign-in.
        ...(changes.time_zone !== undefined
          ? { timeZone: changes.time_zone, isTimeZoneChosen: true }
          : changes.browser_time_zone !== undefined && !user.isTimeZoneChosen
            ? { timeZone: changes.browser_time_zone }
            : {}),
      });
      return profileOf(userId);
    },
    async updateFromOnboarding(
      userId: string,
      body: {
        gender: string | null;
        profile_settings: {
          is_bill_negotiation_enabled: boolean;
          is_subscription_notifications_enabled: boolean;
        };
      },
    ): Promise<ProfileInfo> {
      const user = await load(userId);
      await deps.repo.update(userId, {
        onboardedAt: user.onboardedAt ?? now(),
        gender: body.gender,
        isBillNegotiationEnabled: body.profile_settings.is_bill_negotiation_enabled,
        isSubscriptionNotificationsEnabled:
          body.profile_settings.is_subscription_notifications_enabled,
      });
      return profileOf(userId);
    },
    async submitFeedback(userId: string, message: string) {
      await load(userId);
      await deps.repo.addFeedback(userId, message);
      return { success: true as const };
    },
    /** Texts the code that confirms deleting the account to the person's own number. */
    async sendDeleteAccountCode(userId: string) {
      const user = await load(userId);
      const issued = await deps.codes.issue(deleteCodePolicy, {
        subject: userId,
        destination: user.phoneNumber,
      });
      if (!issued.isIssued) throw justSent(issued.retryAfterSeconds);
      try {
        await deps.sms.send({
          to: user.phoneNumber,
          body: `Your Billow code to delete your account is ${issued.code}. It expires in 5 minutes. If you did not ask to delete your account, do not share it with anyone.`,
        });
      } catch (error) {
        await deps.codes.withdraw(issued.id);
        if (error instanceof SmsDeliveryError) {
          throw new ProblemError(
            'external-service',
            'We could not text you a code. Please try again in a few minutes.',
            {
              status: error.failure === 'invalid-number' ? 502 : 503,
              code: 'sms-undeliverable',
              ...(error.failure === 'invalid-number' ? {} : { headers: { 'retry-after': '60' } }),
            },
          );
        }
        throw error;
      }
      return { sent: true as const, phoneLastFour: user.phoneNumber.slice(-4) };
    },

    /**
     * Deletes everything, for someone who signed in a moment ago or gives the code just texted:
     * a session left open on a shared or stolen device is not enough on its own.
     */
    async deleteAccount(
      userId: string,
      proof: { authorization: string | undefined; code?: string | undefined },
    ) {
      const user = await load(userId);
      if (!(await deps.isRecentSignIn(proof.authorization, RECENT_SIGN_IN_MS))) {
        if (!proof.code) {
          throw new ProblemError('insufficient-permissions', profileMessages.deleteNeedsCode, {
            code: 'fresh-code-needed',
          });
        }
        const outcome = await deps.codes.verify(deleteCodePolicy, {
          subject: userId,
          destination: user.phoneNumber,
          code: proof.code.replace(/\s/g, ''),
        });
        if (outcome !== 'accepted') throw refusalOf(outcome, 'Invalid code. Please try again.');
      }
      // Contact traces first: if that fails the account still exists and the person can retry.
      await deps.forgetElsewhere({
        userId: user.id,
        phoneNumber: user.phoneNumber,
        email: user.email,
      });
      await deps.repo.delete(userId);
      return { success: true, message: 'Your account and all of its data have been deleted.' };
    },

    async sendEmailVerification(userId: string) {
      const user = await load(userId);
      if (!user.email) {
        throw new ProblemError('bad-request', emailFailureDetail.noEmail, {
          code: 'email-missing',
        });
      }
      const issued = await deps.codes.issue(emailCodePolicy, {
        subject: userId,
        destination: user.email,
      });
      if (!issued.isIssued) throw justSent(issued.retryAfterSeconds);
      try {
        await deps.email.send({
          to: user.email,
          subject: 'Your Billow verification code',
          text: `Your Billow verification code is ${issued.code}. It expires in 10 minutes. If you did not ask for it, you can ignore this email.`,
        });
      } catch (error) {
        await deps.codes.withdraw(issued.id);
        throw new ProblemError(
          'external-service',
          'We could not send the email. Please try again.',
          { status: 502, code: 'email-undeliverable', cause: error },
        );
      }
      return { sent: true as const, email: user.email };
    },
    async verifyEmail(userId: string, rawCode: string): Promise<ProfileInfo> {
      const user = await load(userId);
      if (!user.email) throw codeExpired();
      const outcome = await deps.codes.verify(emailCodePolicy, {
        subject: userId,
        destination: user.email,
        code: rawCode.replace(/\s/g, ''),
      });
      if (outcome !== 'accepted') throw refusalOf(outcome, emailFailureDetail.wrongCode);
      // Unless the address changed while the code was being checked.
      if (!(await deps.repo.markEmailVerified(userId, user.email, now()))) throw codeExpired();
      return profileOf(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
