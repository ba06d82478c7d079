/**
 * The navigation states screens hand each other (spec part 1 §3 "Onboarding navigation state"
 * and the link screen's 'from'). `location.state` is `unknown` and survives reloads and the
 * back button, so every reader parses it instead of casting, and a malformed state reads as
 * empty rather than crashing a screen.
 */
import { z } from 'zod';

/** What the funnel and the merchant landings carry to /auth and on through onboarding. */
export const onboardingState = z.object({
  selectedMerchant: z.string().min(1).optional(),
  selectedMerchantWebsiteUrl: z.string().optional(),
  estimatedAmount: z.number().optional(),
  negotiationInfo: z.unknown().optional(),
  customization: z.unknown().optional(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

/** Where /link was opened from, so it can offer the way back (spec part 1 §2 "/link"). */
export type LinkFrom = 'profile' | 'negotiation';
export type LinkState = { from: LinkFrom };

/** The dashboard preselects a section from `{ section }` (spec part 2 §2). */
export const dashboardState = z.object({ section: z.string().optional() });
export type DashboardState = z.infer<typeof dashboardState>;

export function readOnboardingState(state: unknown): OnboardingState {
  const parsed = onboardingState.safeParse(state);
  return parsed.success ? parsed.data : {};
}

export function readDashboardState(state: unknown): DashboardState {
  const parsed = dashboardState.safeParse(state);
  return parsed.success ? parsed.data : {};
}
