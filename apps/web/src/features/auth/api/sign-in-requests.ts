/**
 * The three calls of the sign-in steps (docs/sign-in.md, "The three steps"). Skip-retry on the
 * code calls: nobody is signed in yet, so a 401 there is an answer, not an expired session.
 */
import { useQueryClient } from '@tanstack/react-query';
import { authRouteRefs, userRouteRefs } from '@billow/contracts';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function useStartOtp() {
  return useSingleFlightMutation({
    mutationFn: (phoneNumber: string) =>
      api(authRouteRefs.otpStart, { phoneNumber }, { skipRetry: true }),
  });
}

export function useVerifyOtp() {
  return useSingleFlightMutation({
    mutationFn: (input: { phoneNumber: string; code: string }) =>
      api(authRouteRefs.otpVerify, input, { skipRetry: true }),
  });
}

export function useSaveLegalName() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (legalName: string) =>
      api(userRouteRefs.updateProfileInfo, { user_legal_name: legalName }),
    onSuccess: () => invalidateDomains(queryClient, ['profile']),
  });
}
