import { describe, expect, it } from 'vitest';
import { hasNavigationState, readOnboardingState } from '@/lib/navigation-state';

describe(readOnboardingState.name, () => {
  it('reads every field of a well-formed state', () => {
    const state = {
      selectedMerchant: 'Netflix',
      selectedMerchantWebsiteUrl: 'netflix.com',
      estimatedAmount: 50,
      negotiationInfo: { offerId: 'o-1' },
      customization: {
        billNegotiationEnabled: true,
        selectedVoice: 'female',
        notificationsEnabled: false,
      },
      from: 'negotiation',
    };
    expect(readOnboardingState(state)).toEqual(state);
  });

  it('reads no state, or something that is not an object, as empty without throwing', () => {
    for (const state of [null, undefined, 'Netflix', 42, ['Netflix']]) {
      expect(readOnboardingState(state)).toEqual({});
    }
  });

  it('drops a malformed field but keeps the rest', () => {
    expect(
      readOnboardingState({
        selectedMerchant: 'Netflix',
        estimatedAmount: 'fifty',
        customization: { selectedVoice: 'robot' },
        from: 'elsewhere',
        unexpected: true,
      }),
    ).toEqual({ selectedMerchant: 'Netflix' });
  });
});

describe(hasNavigationState.name, () => {
  it('tells a visit with state from one without', () => {
    expect(hasNavigationState({})).toBe(true);
    expect(hasNavigationState(null)).toBe(false);
    expect(hasNavigationState(undefined)).toBe(false);
  });
});
