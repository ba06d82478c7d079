import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsProperties, authRoutes } from '@billow/contracts';
import { track } from '@/lib/analytics';
import { aSignIn, codeSent } from '@test/fixtures';
import { json, mockApi } from '@test/mock-api';
import { renderScreen } from '@test/render-app';
import { SignInFlow } from './sign-in-flow';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

function AuthScreen() {
  const location = useLocation();
  return <SignInFlow incomingState={location.state} />;
}

/** The events sent, each checked against the contract that refuses personal data. */
function trackedEvents() {
  return vi.mocked(track).mock.calls.map(([name, properties]) => {
    if (properties) analyticsProperties.parse(properties);
    return properties ? { name, properties } : { name };
  });
}

async function signInAs(existingUser: boolean) {
  mockApi()
    .on(authRoutes.otpStart, json(200, codeSent))
    .on(authRoutes.otpVerify, json(200, aSignIn({ existingUser })));
  const { user, router } = renderScreen(<AuthScreen />, { at: '/auth' });
  await user.type(await screen.findByLabelText('Phone number'), '555 555 0100');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Enter your code' });
  await waitFor(() => expect(trackedEvents()).toEqual([{ name: 'sign_in_code_sent' }]));
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth'));
}

beforeEach(() => vi.mocked(track).mockClear());

describe('sign-in analytics', () => {
  it('records the code sent and the sign-in of a returning person, and no ads conversion', async () => {
    await signInAs(true);
    await waitFor(() =>
      expect(trackedEvents()).toEqual([
        { name: 'sign_in_code_sent' },
        { name: 'sign_in_completed', properties: { is_new_user: false } },
      ]),
    );
  });

  it('counts a new account as the ads conversion, once', async () => {
    await signInAs(false);
    await waitFor(() =>
      expect(trackedEvents()).toEqual([
        { name: 'sign_in_code_sent' },
        { name: 'sign_in_completed', properties: { is_new_user: true } },
        { name: 'ads_conversion', properties: { conversion: 'sign_up' } },
      ]),
    );
  });
});
