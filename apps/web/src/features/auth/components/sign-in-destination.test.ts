import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from './sign-in-destination';

const linked = { existingUser: true, is_onboarded: true, linkedAccounts: [{}] } as Parameters<
  typeof destinationAfterSignIn
>[0];

describe(destinationAfterSignIn.name, () => {
  it('goes home, or back to the dashboard link that asked for the sign-in', () => {
    expect(destinationAfterSignIn(linked, undefined)).toEqual({ to: '/' });
    expect(destinationAfterSignIn(linked, { returnTo: '/?cancel=abc' })).toEqual({
      to: '/?cancel=abc',
    });
  });

  it('never leaves the dashboard for a handed-over address', () => {
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/link', 42])
      expect(destinationAfterSignIn(linked, { returnTo })).toEqual({ to: '/' });
  });

  it('still sends someone half-way through onboarding, or with nothing linked, there first', () => {
    const state = { returnTo: '/?cancel=abc' };
    expect(destinationAfterSignIn({ ...linked, is_onboarded: false }, state).to).toBe(
      '/profile-settings-customization',
    );
    expect(destinationAfterSignIn({ ...linked, linkedAccounts: [] }, state)).toEqual({
      to: '/link',
    });
  });
});
