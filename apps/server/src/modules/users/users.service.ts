/**
 * The profile: identity, settings, recovery email, feedback, and deleting everything.
 */
import {
  centsToDollars,
  emailFailureDetail,
  normalizePhoneNumber,
  type LinkedAccount,
  type ProfileInfo,
  type ProfileSettings,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { EmailSender } from '../../providers/email/email-sender';
import { hmac, randomDigits, safeEqual } from '../../security/hashing';
import type { UserRow, UsersRepo } from './users.repo';

const EMAIL_CODE_TTL_SECONDS = 10 * 60;
const EMAIL_CODE_COOLDOWN_SECONDS = 30;
const EMAIL_CODE_MAX_ATTEMPTS = 5;

export type UsersServiceDeps = {
  repo: UsersRepo;
  email: EmailSender;
  codeKey: Uint8Array;
  linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
  /** Removes what is kept about a person outside the user-owned tables (outbox, sign-in codes). */
  forgetContact: (
    contact: { phoneNumber: string; email: string | null },
    userId: string,
  ) => Promise<void>;
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
  const hashCode = (userId: string, email: string, code: string) =>
    hmac(deps.codeKey, `email:${userId}:${email}:${code}`);

  async function load(userId: string): Promise<UserRow> {
    const user = await deps.repo.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  async function profileOf(user: UserRow): Promise<ProfileInfo> {
    return {
      user_legal_name: user.legalName,
      email: user.email,
      phone_number: user.phoneNumber,
      is_email_verified: user.isEmailVerified,
      is_plaid_update_mode_required: user.isPlaidUpdateModeRequired,
      lifetime_accrued_rewards: centsToDollars(user.lifetimeAccruedRewardsCents),
      linkedAccounts: await deps.linkedAccounts(user.id),
      profile_settings: settingsOf(user),
      gender: (user.gender as ProfileInfo['gender']) ?? null,
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
    async profile(userId: string): Promise<ProfileInfo> {
      return profileOf(await load(userId));
    },
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
      return settingsOf(updated);
    },
    async updateInfo(
      userId: string,
      changes: { user_legal_name?: string; email?: string },
    ): Promise<ProfileInfo> {
      const user = await load(userId);
      const isNewEmail = changes.email !== undefined && changes.email !== user.email;
      const updated = await deps.repo.update(userId, {
        legalName: changes.user_legal_name,
        // A new address has to be proven again.
        ...(isNewEmail ? { email: changes.email, isEmailVerified: false } : {}),
      });
      return profileOf(updated);
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
      await load(userId);
      const updated = await deps.repo.update(userId, {
        gender: body.gender,
        isBillNegotiationEnabled: body.profile_settings.is_bill_negotiation_enabled,
        isSubscriptionNotificationsEnabled:
          body.profile_settings.is_subscription_notifications_enabled,
      });
      return profileOf(updated);
    },
    async submitFeedback(userId: string, message: string) {
      await load(userId);
      await deps.repo.addFeedback(userId, message);
      return { success: true as const };
    },
    async deleteAccount(userId: string) {
      const user = await load(userId);
      // Contact traces first: if that fails the account still exists and the person can retry.
      await deps.forgetContact({ phoneNumber: user.phoneNumber, email: user.email }, user.id);
      await deps.repo.delete(userId);
      return { success: true, message: 'Your account and all of its data have been deleted.' };
    },

    async sendEmailVerification(userId: string) {
      const user = await load(userId);
      if (!user.email) throw new ProblemError('bad-request', emailFailureDetail.noEmail);
      const at = now();
      const latest = await deps.repo.latestEmailCode(userId);
      if (
        latest &&
        latest.email === user.email &&
        at.getTime() - latest.createdAt.getTime() < EMAIL_CODE_COOLDOWN_SECONDS * 1000
      ) {
        const wait = Math.ceil(
          EMAIL_CODE_COOLDOWN_SECONDS - (at.getTime() - latest.createdAt.getTime()) / 1000,
        );
        throw new ProblemError(
          'too-many-requests',
          `Please wait ${wait} seconds before asking for a new code.`,
          {
            headers: { 'retry-after': String(wait) },
          },
        );
      }
      const code = randomDigits(6);
      const id = await deps.repo.replaceEmailCode({
        userId,
        email: user.email,
        codeHash: hashCode(userId, user.email, code),
        expiresAt: new Date(at.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
        now: at,
      });
      try {
        await deps.email.send({
          to: user.email,
          subject: 'Your Billow verification code',
          text: `Your Billow verification code is ${code}. It expires in 10 minutes. If you did not ask for it, you can ignore this email.`,
        });
      } catch (error) {
        await deps.repo.deleteEmailCode(id);
        throw new ProblemError(
          'external-service',
          'We could not send the email. Please try again.',
          { status: 502, cause: error },
        );
      }
      return { sent: true as const, email: user.email };
    },
    async verifyEmail(userId: string, rawCode: string): Promise<ProfileInfo> {
      const user = await load(userId);
      const code = rawCode.replace(/\s/g, '');
      const latest = await deps.repo.latestEmailCode(userId);
      const at = now();
      const isUsable =
        latest &&
        !latest.consumedAt &&
        latest.email === user.email &&
        latest.expiresAt > at &&
        latest.attempts < EMAIL_CODE_MAX_ATTEMPTS;
      if (!latest || !isUsable || !user.email) {
        throw new ProblemError('bad-request', 'This code has expired. Please ask for a new one.');
      }
      if (!safeEqual(hashCode(userId, user.email, code), latest.codeHash)) {
        await deps.repo.countEmailAttempt(latest.id);
        throw new ProblemError('bad-request', emailFailureDetail.wrongCode);
      }
      if (!(await deps.repo.confirmEmail(latest.id, userId, user.email, at))) {
        throw new ProblemError('bad-request', 'This code has expired. Please ask for a new one.');
      }
      return profileOf(await load(userId));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
