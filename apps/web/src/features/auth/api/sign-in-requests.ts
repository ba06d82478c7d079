/**
 * The three calls of the sign-in steps (spec part 1 §4 "Sign-in steps"). Skip-retry on the
 * code calls: nobody is signed in yet, so a 401 there is an answer, not an expired session.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRouteRefs, userRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function useStartOtp() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      api(authRouteRefs.otpStart, { phoneNumber }, { skipRetry: true }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (input: { phoneNumber: string; code: string }) =>
      api(authRouteRefs.otpVerify, input, { skipRetry: true }),
  });
}

export function useSaveLegalName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (legalName: string) =>
      api(userRouteRefs.updateProfileInfo, { user_legal_name: legalName }),
    onSuccess: () => invalidateDomains(queryClient, ['profile']),
  });
}
