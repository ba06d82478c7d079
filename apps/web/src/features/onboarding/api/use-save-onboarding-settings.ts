/**
 * Saves the settings onboarding's choices (docs/onboarding.md, "Settings onboarding" POST
 * /api/user/update-profile-info-from-onboarding). The answer is not read, and a failure does not
 * hold the person up: the screen moves on either way (docs/onboarding.md, "Settings onboarding").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type RouteBody } from '@billow/contracts';
import { api } from '@/lib/api-client';
import type { Customization } from '@/lib/navigation-state';
import { invalidateDomains } from '@/lib/query-domains';

type OnboardingSettingsBody = RouteBody<typeof userRoutes.updateProfileInfoFromOnboarding>;

function toOnboardingSettingsBody(customization: Customization): OnboardingSettingsBody {
  return {
    gender: customization.selectedVoice,
    profile_settings: {
      is_bill_negotiation_enabled: customization.billNegotiationEnabled,
      is_subscription_notifications_enabled: customization.notificationsEnabled,
    },
  };
}

export function useSaveOnboardingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customization: Customization) =>
      api(userRoutes.updateProfileInfoFromOnboarding, toOnboardingSettingsBody(customization)),
    // The profile (another feature's cache) now holds stale settings and gender.
    onSettled: () => invalidateDomains(queryClient, ['profile']),
  });
}
