/** Example answers shaped by the contracts, with overrides for what a test is about. */
import type { LinkedAccount, OtpVerifyResponse, ProfileInfo, SignInUser } from '@billow/contracts';

export function aLinkedAccount(overrides: Partial<LinkedAccount> = {}): LinkedAccount {
  return {
    id: 'acc-1',
    bankName: 'Chase',
    bankWebsiteUrl: 'chase.com',
    lastFour: '4242',
    accountType: 'depository',
    accountSubType: 'checking',
    active: true,
    is_primary_payment_account: true,
    availableBalance: 2450.18,
    source: 'plaid',
    attention: null,
    ...overrides,
  };
}

export function aProfile(overrides: Partial<ProfileInfo> = {}): ProfileInfo {
  return {
    user_legal_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_number: '+15555550100',
    is_email_verified: true,
    is_plaid_update_mode_required: false,
    lifetime_accrued_rewards: 0,
    linkedAccounts: [],
    profile_settings: {
      is_auto_apply_rewards_enabled: true,
      is_subscription_notifications_enabled: true,
      is_overdraft_protection_enabled: true,
      is_bill_negotiation_enabled: true,
    },
    gender: null,
    time_zone: 'UTC',
    ...overrides,
  };
}

export function aSignIn(user: Partial<SignInUser> = {}): OtpVerifyResponse {
  return {
    token: 'new-id-token',
    accessToken: 'new-access-token',
    refreshToken: 'new-refresh-token',
    user: {
      existingUser: true,
      is_onboarded: true,
      userId: 'user-1',
      user_legal_name: 'Ada Lovelace',
      linkedAccounts: [aLinkedAccount()],
      ...user,
    },
  };
}

export const codeSent = {
  sent: true as const,
  phoneNumber: '+15555550100',
  expiresInSeconds: 300,
  resendAfterSeconds: 30,
};
