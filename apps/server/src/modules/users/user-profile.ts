/**
 * The person's profile (docs/profile.md): who they are, their settings, what onboarding asked,
 * and their feedback.
 */
import {
  centsToDollars,
  normalizePhoneNumber,
  type ProfileInfo,
  type ProfileSettings,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { UsersContext } from './users.deps';
import type { UserRow } from './users.repo';

const notFound = () => new ProblemError('user-not-found', 'This account no longer exists.');

/** The person's row; a person whose account is gone is told so. */
export async function load(ctx: UsersContext, userId: string): Promise<UserRow> {
  const user = await ctx.repo.findById(userId);
  if (!user) throw notFound();
  return user;
}

function settingsOf(user: UserRow): ProfileSettings {
  return {
    is_auto_apply_rewards_enabled: user.isAutoApplyRewardsEnabled,
    is_subscription_notifications_enabled: user.isSubscriptionNotificationsEnabled,
    is_overdraft_protection_enabled: user.isOverdraftProtectionEnabled,
    is_bill_negotiation_enabled: user.isBillNegotiationEnabled,
  };
}

/** The profile as the profile screen shows it: one statement (read on every page load). */
export async function profileOf(ctx: UsersContext, userId: string): Promise<ProfileInfo> {
  const found = await ctx.repo.profileOf(userId);
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

export async function fetchOrCreate(ctx: UsersContext, userId: string, rawPhone: string) {
  const user = await load(ctx, userId);
  if (normalizePhoneNumber(rawPhone) !== user.phoneNumber) {
    throw new ProblemError('forbidden', 'This phone number belongs to another account.');
  }
  return { existingUser: true, userId: user.id };
}

export async function fetchUser(ctx: UsersContext, userId: string) {
  const user = await load(ctx, userId);
  return {
    userId: user.id,
    user_legal_name: user.legalName,
    linkedAccounts: await ctx.linkedAccounts(user.id),
  };
}

export async function updateSettings(
  ctx: UsersContext,
  userId: string,
  changes: Partial<ProfileSettings>,
): Promise<ProfileSettings> {
  await load(ctx, userId);
  const updated = await ctx.repo.update(userId, {
    isAutoApplyRewardsEnabled: changes.is_auto_apply_rewards_enabled,
    isSubscriptionNotificationsEnabled: changes.is_subscription_notifications_enabled,
    isOverdraftProtectionEnabled: changes.is_overdraft_protection_enabled,
    isBillNegotiationEnabled: changes.is_bill_negotiation_enabled,
  });
  await ctx.onSettingsChanged?.(userId, changes);
  return settingsOf(updated);
}

export async function updateInfo(
  ctx: UsersContext,
  userId: string,
  changes: {
    user_legal_name?: string;
    email?: string;
    time_zone?: string;
    browser_time_zone?: string;
  },
): Promise<ProfileInfo> {
  const user = await load(ctx, userId);
  const isNewEmail = changes.email !== undefined && changes.email !== user.email;
  await ctx.repo.update(userId, {
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
  return profileOf(ctx, userId);
}

export async function updateFromOnboarding(
  ctx: UsersContext,
  userId: string,
  body: {
    gender: string | null;
    profile_settings: {
      is_bill_negotiation_enabled: boolean;
      is_subscription_notifications_enabled: boolean;
    };
  },
): Promise<ProfileInfo> {
  const user = await load(ctx, userId);
  await ctx.repo.update(userId, {
    onboardedAt: user.onboardedAt ?? ctx.now(),
    gender: body.gender,
    isBillNegotiationEnabled: body.profile_settings.is_bill_negotiation_enabled,
    isSubscriptionNotificationsEnabled: body.profile_settings.is_subscription_notifications_enabled,
  });
  return profileOf(ctx, userId);
}

export async function submitFeedback(ctx: UsersContext, userId: string, message: string) {
  await load(ctx, userId);
  await ctx.repo.addFeedback(userId, message);
  return { success: true as const };
}
