import { describe, expect, it } from 'vitest';
import { merchants } from './merchants';
import { fieldHelp, requiredUserInfoLabels } from './negotiation-fields';
import type { RequiredUserInfoField } from './negotiations';

/** Fields whose prompt is not shown as help: a checkbox with its own words, and a choice's options. */
const notHelp = new Set<RequiredUserInfoField>(['eligibility_confirmation', 'service_selection']);

describe('merchant catalogue', () => {
  it('gives every field a merchant asks for help that adds to its label, not the label again', () => {
    const repeats = merchants.flatMap((merchant) =>
      Object.entries(merchant.negotiation?.requiredUserInfo ?? {})
        .filter(([field]) => !notHelp.has(field as RequiredUserInfoField))
        .filter(
          ([field, prompt]) =>
            fieldHelp(requiredUserInfoLabels[field as RequiredUserInfoField], prompt) === undefined,
        )
        .map(([field]) => `${merchant.name}: ${field}`),
    );
    expect(repeats).toEqual([]);
  });
});

describe(fieldHelp.name, () => {
  it('keeps a prompt that says more than the label, and drops one that repeats it', () => {
    expect(fieldHelp('Account PIN', 'The 4-digit PIN on your account')).toBe(
      'The 4-digit PIN on your account',
    );
    expect(fieldHelp('Last 4 digits of payment method', 'Last 4 digits of payment method.')).toBe(
      undefined,
    );
    expect(fieldHelp('Account number', '  ')).toBe(undefined);
  });
});
