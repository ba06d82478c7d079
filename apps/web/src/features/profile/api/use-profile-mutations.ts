/**
 * The profile's other writes: name and email, the recovery-email code, feedback and deleting
 * the account. Each one that returns the profile puts it straight into the cache (no flash of
 * old data) and still reloads it, as a verification needs (docs/profile.md, "Security").
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { userRoutes, type ProfileInfo } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { profileQueries } from './profile-queries';

function useStoreProfile() {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueries.info();
  return (profile: ProfileInfo) => {
    queryClient.setQueryData(queryKey, profile);
    return queryClient.invalidateQueries({ queryKey });
  };
}

export function useUpdateProfile() {
  const storeProfile = useStoreProfile();
  return useSingleFlightMutation({
    mutationFn: (input: { user_legal_name: string; email: string }) =>
      api(userRoutes.updateProfileInfo, input),
    onSuccess: storeProfile,
  });
}

/** The zone the person picks: it stays until they pick another. */
export function useUpdateTimeZone() {
  const storeProfile = useStoreProfile();
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (timeZone: string) => api(userRoutes.updateProfileInfo, { time_zone: timeZone }),
    onSuccess: async (profile) => {
      // Days until each bill count from the new zone's today.
      await Promise.all([storeProfile(profile), invalidateDomains(queryClient, ['subscriptions'])]);
    },
  });
}

export function useSendEmailVerification() {
  return useSingleFlightMutation({ mutationFn: () => api(userRoutes.sendEmailVerification) });
}

export function useVerifyEmail() {
  const storeProfile = useStoreProfile();
  return useSingleFlightMutation({
    mutationFn: (code: string) => api(userRoutes.verifyEmail, { code }),
    onSuccess: storeProfile,
  });
}

export function useSubmitFeedback() {
  return useSingleFlightMutation({
    mutationFn: (feedback: string) => api(userRoutes.submitFeedback, { feedback }),
  });
}

/** The server answered the deletion with `success: false`; `message` is its reason. */
class AccountNotDeletedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountNotDeletedError';
  }
}

/** Texts the code that confirms a deletion when the sign-in was not a moment ago. */
export function useSendDeleteAccountCode() {
  return useSingleFlightMutation({
    mutationFn: () => api(userRoutes.sendDeleteAccountCode),
  });
}

export function useDeleteAccount() {
  return useSingleFlightMutation({
    mutationFn: async (code?: string) => {
      const result = await api(userRoutes.deleteAccount, code ? { code } : {});
      // The contract lets the server answer 200 with success false; that is still a failure.
      if (!result.success) throw new AccountNotDeletedError(result.message);
      return result;
    },
  });
}
