/**
 * The three calls of the sign-in steps (spec part 1 §4 "Sign-in steps"). Skip-retry on the
 * code calls: nobody is signed in yet, so a 401 there is an answer, not an expired session.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { authRoutes, userRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function useStartOtp() {
  return useSingleFlightMutation({
    mutationFn: (phoneNumber: string) =>
      api(authRoutes.otpStart, { phoneNumber }, { skipRetry: true }),
  });
}

export function useVerifyOtp() {
  return useSingleFlightMutation({
    mutationFn: (input: { phoneNumber: string; code: string }) =>
      api(authRoutes.otpVerify, input, { skipRetry: true }),
  });
}

export function useSaveLegalName() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (legalName: string) =>
      api(userRoutes.updateProfileInfo, { user_legal_name: legalName }),
    onSuccess: () => invalidateDomains(queryClient, ['profile']),
  });
}
