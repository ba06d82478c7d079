/**
 * The navigation states screens hand each other (spec part 1 §3 "Onboarding navigation state"
 * and the link screen's 'from'). `location.state` is `unknown` and survives reloads and the
 * back button, so every reader parses it instead of casting, and a malformed state reads as
 * empty rather than crashing a screen.
 */
import { z } from 'zod';
import { gender } from '@billow/contracts';

/** The negotiator's voice onboarding offers: the genders a call can be made in. */
export const negotiatorVoice = gender.extract(['male', 'female']);
export type NegotiatorVoice = z.infer<typeof negotiatorVoice>;

export const customization = z.object({
  billNegotiationEnabled: z.boolean(),
  selectedVoice: negotiatorVoice.nullable(),
  notificationsEnabled: z.boolean(),
});
export type Customization = z.infer<typeof customization>;

/** Where /link was opened from, so it can offer the way back (spec part 1 §2 "/link"). */
export const linkFrom = z.enum(['profile', 'negotiation']);
export type LinkFrom = z.infer<typeof linkFrom>;

export const onboardingState = z.object({
  selectedMerchant: z.string().trim().min(1).optional().catch(undefined),
  selectedMerchantWebsiteUrl: z.string().trim().min(1).optional().catch(undefined),
  estimatedAmount: z.number().nonnegative().finite().optional().catch(undefined),
  negotiationInfo: z.unknown().optional(),
  customization: customization.optional().catch(undefined),
  from: linkFrom.optional().catch(undefined),
});
export type OnboardingState = z.infer<typeof onboardingState>;

/** Reads `location.state`; anything that is not an object reads as no state at all. */
export function readOnboardingState(state: unknown): OnboardingState {
  const parsed = onboardingState.safeParse(state);
  if (!parsed.success) return {};
  // Leave out the fields that were missing or dropped, so the state carried on stays tidy.
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined),
  ) as OnboardingState;
}

/** True when a screen was opened with any navigation state (the funnel then skips to loading). */
export function hasNavigationState(state: unknown): boolean {
  return state !== null && state !== undefined;
}

export type LinkState = { from: LinkFrom };
