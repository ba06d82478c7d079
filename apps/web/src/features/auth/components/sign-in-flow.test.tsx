import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  authMessages,
  authRoutes,
  legalNameMessages,
  otpFailureDetail,
  otpStartFailureDetail,
  otpVerifyLimitDetail,
  userRoutes,
} from '@billow/contracts';
import { aProfile, aSignIn, codeSent } from '@test/fixtures';
import { json, mockApi, never, offline, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { SignInFlow } from './sign-in-flow';

function AuthScreen() {
  const location = useLocation();
  return <SignInFlow incomingState={location.state} />;
}

function renderSignIn(state?: unknown) {
  return renderScreen(<AuthScreen />, { at: '/auth', state });
}

async function sendCode(user: ReturnType<typeof renderSignIn>['user'], phone = '555 555 0100') {
  await user.type(await screen.findByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('heading', { name: 'Enter your code' });
}

async function enterCode(user: ReturnType<typeof renderSignIn>['user'], code = '123456') {
  await user.type(screen.getByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe(SignInFlow.name, () => {
  describe('the phone step', () => {
    it('is headed "Sign in", puts the cursor in the phone field and keeps Next off until a number is typed', async () => {
      mockApi();
      const { user } = renderSignIn();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      const phone = screen.getByLabelText('Phone number');
      expect(phone).toHaveFocus();
      expect(phone).toHaveAttribute('type', 'tel');
      expect(phone).toHaveAttribute('autocomplete', 'tel');
      expect(screen.getByText('+1')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      await user.type(phone, '5');
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    });

    it('keeps letters out of the phone field', async () => {
      mockApi();
      const { user } = renderSignIn();
      const phone = await screen.findByLabelText('Phone number');
      await user.type(phone, '(555) abc 555-0100');
      expect(phone).toHaveValue('(555)  555-0100');
    });

    it('refuses a 7-digit number with a clear message and texts nothing', async () => {
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '555-1234');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please enter a valid phone number.',
      );
      expect(api.requestsTo(authRoutes.otpStart)).toHaveLength(0);
    });

    it('invites everyone to sign in or create an account, with Billow’s promise', async () => {
      mockApi();
      renderSignIn();
      expect(await screen.findByText('Sign in or create your account')).toBeVisible();
      expect(screen.getByText('It’s free, and you keep all the savings')).toBeVisible();
    });

    it('speaks of the merchant picked on a landing page', async () => {
      mockApi();
      renderSignIn({ selectedMerchant: 'Netflix', estimatedAmount: 50 });
      expect(await screen.findByText('Sign in to start saving on your Netflix bill')).toBeVisible();
    });

    it('sends the number as typed and shows where the code went, with focus in the code field', async () => {
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user, '555 555 0100');
      expect(api.requestsTo(authRoutes.otpStart)[0]!.body).toEqual({
        phoneNumber: '555 555 0100',
      });
      expect(screen.getByText(/We texted a code to/)).toHaveTextContent(
        'We texted a code to (555) 555-0100',
      );
      expect(screen.getByLabelText('Verification code')).toHaveFocus();
    });

    it('says "Sending…" while the code is being sent', async () => {
      mockApi().on(authRoutes.otpStart, never);
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '5555550100');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    });

    it('says how long to wait when too many codes were asked for', async () => {
      mockApi().on(
        authRoutes.otpStart,
        problem(429, 'too-many-requests', 'Too many codes were sent to this number', {
          'Retry-After': '42',
        }),
      );
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '5555550100');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many codes were sent to this number. Please try again in 42 seconds.',
      );
    });

    it('says which countries codes can be texted to when the number is from another', async () => {
      const detail = 'Sign-in codes can only be texted to phone numbers in the United States.';
      mockApi().on(
        authRoutes.otpStart,
        json(400, {
          type: 'https://billow.app/problems/bad-request',
          title: 'Bad Request',
          status: 400,
          detail,
          instance: '/api/auth/otp/start',
          code: 'country-not-allowed',
          errors: [{ field: 'phoneNumber', message: detail, code: 'country_not_allowed' }],
        }),
      );
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '+44 7911 123456');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    });

    it('says whether a text failed for the number or for the text service', async () => {
      const wrongNumber = 'We could not text this number. Please check it and try again.';
      const serviceDown = 'We could not send a text right now. Please try again in a few minutes.';
      const refusal = (status: number, detail: string, code: string) =>
        json(status, {
          type: 'https://billow.app/problems/external-service',
          title: 'Bad Gateway',
          status,
          detail,
          instance: '/api/auth/otp/start',
          code,
        });
      mockApi().on(
        authRoutes.otpStart,
        refusal(502, wrongNumber, 'sms-undeliverable'),
        refusal(503, serviceDown, 'sms-unavailable'),
      );
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '5555550100');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(wrongNumber);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(serviceDown));
    });

    it('passes on the request helper’s words when the phone is offline', async () => {
      mockApi().on(authRoutes.otpStart, offline);
      const { user } = renderSignIn();
      await user.type(await screen.findByLabelText('Phone number'), '5555550100');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Network error. Please check your connection and try again.',
      );
    });

    it('sends someone already signed in home', async () => {
      storeSession();
      mockApi();
      const { router } = renderSignIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });
  });

  describe('a code already texted', () => {
    it('comes back to the code step after a reload, with the countdown where it was', async () => {
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const first = renderSignIn();
      await sendCode(first.user);
      first.unmount();

      renderSignIn();
      expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeVisible();
      expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
      expect(api.requestsTo(authRoutes.otpStart)).toHaveLength(1);
    });

    it('goes back to the code step on Next with the same number, texting nothing new', async () => {
      const api = mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, never);
      const { user } = renderSignIn();
      await sendCode(user);
      await user.click(screen.getByRole('button', { name: /Back/ }));
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeVisible();
      expect(api.requestsTo(authRoutes.otpStart)).toHaveLength(1);
      await enterCode(user);
      expect(api.requestsTo(authRoutes.otpVerify)[0]!.body).toEqual({
        phoneNumber: '+15555550100',
        code: '123456',
      });
    });

    it('texts a new code when the number changed', async () => {
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      await user.click(screen.getByRole('button', { name: /Back/ }));
      const phone = await screen.findByLabelText('Phone number');
      await user.clear(phone);
      api.on(authRoutes.otpStart, json(200, { ...codeSent, phoneNumber: '+15555550199' }));
      await sendCode(user, '555 555 0199');
      expect(api.requestsTo(authRoutes.otpStart)).toHaveLength(2);
    });

    it('opens the code step when the server says a code was just sent to the number', async () => {
      mockApi().on(
        authRoutes.otpStart,
        problem(
          429,
          'too-many-requests',
          otpStartFailureDetail.justSent,
          { 'Retry-After': '21' },
          'code-just-sent',
        ),
      );
      const { user } = renderSignIn();
      await sendCode(user);
      expect(screen.getByRole('button', { name: /Resend code in (21|20)s/ })).toBeDisabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('the code step', () => {
    it('asks for a code when none was entered', async () => {
      mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      const code = screen.getByLabelText('Verification code');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('maxlength', '8');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.enterCode);
    });

    it('takes a pasted code with spaces as its digits', async () => {
      const api = mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, never);
      const { user } = renderSignIn();
      await sendCode(user);
      await user.click(screen.getByLabelText('Verification code'));
      await user.paste('1 2 3 4 5 6');
      expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
      expect(api.requestsTo(authRoutes.otpVerify)[0]!.body).toEqual({
        phoneNumber: '+15555550100',
        code: '123456',
      });
    });

    it.each([
      ['Your Billow code is 618594.', '618594'],
      ['Your Billow code is 618594. It expires in 5 minutes.', '618594'],
      ['618-594', '618594'],
    ])('takes the code out of a pasted message: %s', async (text, digits) => {
      mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      await user.click(screen.getByLabelText('Verification code'));
      await user.paste(text);
      expect(screen.getByLabelText('Verification code')).toHaveValue(digits);
    });

    it('keeps letters out of the code field', async () => {
      mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      await user.type(screen.getByLabelText('Verification code'), '61a8b5');
      expect(screen.getByLabelText('Verification code')).toHaveValue('6185');
    });

    it('says the code is invalid when the server finds it wrong', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          problem(400, 'authentication-failed', otpFailureDetail.wrong, {}, 'code-wrong'),
        );
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user, '000000');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Invalid verification code. Please check your code and try again.',
      );
    });

    it('says how long to wait when a number had too many tries', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          problem(429, 'too-many-requests', otpVerifyLimitDetail, { 'Retry-After': '60' }),
        );
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user, '000000');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many tries for this number. Please try again in 1 minute.',
      );
    });

    it('reads the refusal the same way when it comes as a 401', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          problem(401, 'authentication-failed', otpFailureDetail.wrong, {}, 'code-wrong'),
        );
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user, '000000');
      expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCode);
      expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    });

    it('asks for a new code when the old one has expired', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          problem(400, 'authentication-failed', otpFailureDetail.expired, {}, 'code-expired'),
        );
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      // Resend still counts down: the message does not send the person to a button that waits.
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This code has expired. You can get a new one when “Resend code” below is ready.',
      );
      expect(screen.getByRole('button', { name: /Resend code in/ })).toBeDisabled();
      expect(screen.getByLabelText('Verification code')).toHaveValue('');
    });

    it('points at Resend code when it is ready', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, { ...codeSent, resendAfterSeconds: 0 }))
        .on(
          authRoutes.otpVerify,
          problem(400, 'authentication-failed', otpFailureDetail.expired, {}, 'code-expired'),
        );
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This code has expired. Tap “Resend code” to get a new one.',
      );
      expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    });

    it('asks for all six digits of a code that is too short, and checks nothing', async () => {
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user, '123');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please enter all 6 digits of your code.',
      );
      expect(api.requestsTo(authRoutes.otpVerify)).toHaveLength(0);
    });

    it('says sign-in failed for any other failure', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, problem(500, 'internal-server-error', 'boom'));
      const { user } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.signInFailed);
    });

    it('goes back to the phone step with the number still typed in', async () => {
      mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user, '555 555 0100');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(screen.getByLabelText('Phone number')).toHaveValue('555 555 0100');
      expect(screen.getByLabelText('Phone number')).toHaveFocus();
    });

    it('lets a new code be asked for once the 30 s cool-down has counted down', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const api = mockApi().on(authRoutes.otpStart, json(200, codeSent));
      const { user } = renderSignIn();
      await sendCode(user);
      expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByRole('button', { name: 'Resend code in 27s' })).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(27_000));
      const resend = screen.getByRole('button', { name: 'Resend code' });
      expect(resend).toBeEnabled();
      expect(screen.getByText('You can now ask for a new code.')).toBeInTheDocument();

      await user.click(resend);
      expect(await screen.findByText('We texted a new code to (555) 555-0100')).toBeInTheDocument();
      expect(api.requestsTo(authRoutes.otpStart)).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    });
  });

  describe('after the code', () => {
    it('keeps the tokens where the session looks for them', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, json(200, aSignIn()));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(sessionStorage.getItem('token')).toBe('new-id-token');
      expect(sessionStorage.getItem('accessToken')).toBe('new-access-token');
      expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    });

    it('sends a new user on to the settings onboarding, carrying what they arrived with', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          json(200, aSignIn({ existingUser: false, is_onboarded: false, linkedAccounts: [] })),
        );
      const arrivedWith = { selectedMerchant: 'Netflix', estimatedAmount: 50 };
      const { user, router } = renderSignIn(arrivedWith);
      await sendCode(user);
      await enterCode(user);
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/profile-settings-customization'),
      );
      expect(router.state.location.state).toEqual(arrivedWith);
    });

    it('brings back a person who left the settings onboarding half-way, to finish it', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, json(200, aSignIn({ is_onboarded: false, linkedAccounts: [] })));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/profile-settings-customization'),
      );
    });

    it('asks an existing user without linked accounts to link one', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, json(200, aSignIn({ linkedAccounts: [] })));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/link'));
    });

    it('sends an existing user with linked accounts home, without asking their name again', async () => {
      const api = mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, json(200, aSignIn()));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(api.requestsTo(userRoutes.updateProfileInfo)).toHaveLength(0);
    });

    it('asks for the full legal name when Billow has none, then moves on', async () => {
      const api = mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(
          authRoutes.otpVerify,
          json(200, aSignIn({ existingUser: false, user_legal_name: null, linkedAccounts: [] })),
        )
        .on(userRoutes.updateProfileInfo, json(200, aProfile({ user_legal_name: 'Ada Lovelace' })));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);

      expect(
        await screen.findByRole('heading', { name: 'What’s your full legal name?' }),
      ).toBeVisible();
      const name = screen.getByLabelText('Full legal name');
      expect(name).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.enterLegalName);
      // A single letter is no full name; an emoji is read out on calls and shows as tofu.
      await user.type(name, 'A');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.enterLegalName);
      await user.clear(name);
      await user.type(name, 'Ada 🦄 Lovelace');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        legalNameMessages.invalidCharacters,
      );
      expect(api.requestsTo(userRoutes.updateProfileInfo)).toHaveLength(0);
      await user.clear(name);

      await user.type(name, '  Ada Lovelace ');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/profile-settings-customization'),
      );
      expect(api.requestsTo(userRoutes.updateProfileInfo)[0]).toMatchObject({
        body: { user_legal_name: 'Ada Lovelace' },
        headers: { Authorization: 'Bearer new-id-token' },
      });
    });

    it('says so when the legal name could not be saved', async () => {
      mockApi()
        .on(authRoutes.otpStart, json(200, codeSent))
        .on(authRoutes.otpVerify, json(200, aSignIn({ user_legal_name: null })))
        .on(userRoutes.updateProfileInfo, problem(500, 'internal-server-error', 'boom'));
      const { user, router } = renderSignIn();
      await sendCode(user);
      await enterCode(user);
      await user.type(await screen.findByLabelText('Full legal name'), 'Ada Lovelace');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        authMessages.updateLegalNameFailed,
      );
      expect(router.state.location.pathname).toBe('/auth');
    });
  });
});
