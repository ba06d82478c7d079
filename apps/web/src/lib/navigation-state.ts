/**
 * The navigation states screens hand each other (docs/onboarding.md
 * and the link screen's 'from'). `location.state` is `unknown` and survives reloads and the
 * back button, so every reader parses it instead of casting, and a malformed state reads as
 * empty rather than crashing a screen.
 */
import type { Gender } from '@billow/contracts';

/*
 * Read by hand rather than with zod: the sign-in and sign-up pages read navigation state, and
 * they load before any schema does (the initial-JS budget).
 */

/** The negotiator's voice onboarding offers: the genders a call can be made in. */
export type NegotiatorVoice = Extract<Gender, 'male' | 'female'>;
const negotiatorVoices: readonly NegotiatorVoice[] = ['male', 'female'];

export type Customization = {
  billNegotiationEnabled: boolean;
  selectedVoice: NegotiatorVoice | null;
  notificationsEnabled: boolean;
};

/** Where /link was opened from, so it can offer the way back (docs/onboarding.md). */
export type LinkFrom = 'profile' | 'negotiation';
const linkFroms: readonly LinkFrom[] = ['profile', 'negotiation'];

export type OnboardingState = {
  selectedMerchant?: string;
  selectedMerchantWebsiteUrl?: string;
  estimatedAmount?: number;
  negotiationInfo?: unknown;
  customization?: Customization;
  from?: LinkFrom;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A trimmed, non-empty string, or undefined. */
function nonEmptyText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

function readCustomization(value: unknown): Customization | undefined {
  if (!isRecord(value)) return undefined;
  const { billNegotiationEnabled, selectedVoice, notificationsEnabled } = value;
  if (typeof billNegotiationEnabled !== 'boolean' || typeof notificationsEnabled !== 'boolean')
    return undefined;
  if (selectedVoice !== null && !negotiatorVoices.includes(selectedVoice as NegotiatorVoice))
    return undefined;
  return {
    billNegotiationEnabled,
    selectedVoice: selectedVoice as NegotiatorVoice | null,
    notificationsEnabled,
  };
}

/**
 * Reads `location.state`; anything that is not an object reads as no state at all, and a
 * malformed field is left out while the rest is kept.
 */
export function readOnboardingState(state: unknown): OnboardingState {
  if (!isRecord(state)) return {};
  const amount = state.estimatedAmount;
  const read: OnboardingState = {
    selectedMerchant: nonEmptyText(state.selectedMerchant),
    selectedMerchantWebsiteUrl: nonEmptyText(state.selectedMerchantWebsiteUrl),
    estimatedAmount:
      typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? amount : undefined,
    negotiationInfo: state.negotiationInfo,
    customization: readCustomization(state.customization),
    from: linkFroms.includes(state.from as LinkFrom) ? (state.from as LinkFrom) : undefined,
  };
  // Leave out the fields that were missing or dropped, so the state carried on stays tidy.
  return Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined),
  ) as OnboardingState;
}

/** True when a screen was opened with any navigation state (the funnel then skips to loading). */
export function hasNavigationState(state: unknown): boolean {
  return state !== null && state !== undefined;
}

export type LinkState = { from: LinkFrom };

/**
 * How far the settings onboarding got, kept in its own history entry so a reload comes back to
 * the same step with the same choices. Not part of the onboarding state carried on.
 */
type SettingsProgress = Customization & { step: 1 | 2 | 3 };

export function readSettingsProgress(state: unknown): SettingsProgress | undefined {
  if (!isRecord(state) || !isRecord(state.settingsProgress)) return undefined;
  const customization = readCustomization(state.settingsProgress);
  const { step } = state.settingsProgress;
  if (!customization || (step !== 1 && step !== 2 && step !== 3)) return undefined;
  return { ...customization, step };
}

/** `state` with the settings onboarding's progress put in (or replaced). */
export function withSettingsProgress(state: unknown, progress: SettingsProgress): object {
  return { ...(isRecord(state) ? state : {}), settingsProgress: progress };
}
