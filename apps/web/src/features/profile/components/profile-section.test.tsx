import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emailFailureDetail, profileMessages, userRoutes } from '@billow/contracts';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { json, mockApi, problem, type Reply } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { ProfileSection } from './profile-section';

function renderProfile() {
  storeSession();
  const onBack = vi.fn();
  const rendered = renderScreen(
    <ProfileSection onBack={onBack} onSignOut={vi.fn()} isSigningOut={false} />,
  );
  return { ...rendered, onBack };
}

/** A reply held back until the test lets it go, to look at the screen in between. */
function heldBack(reply: Reply) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: Reply = async (request) => {
    await gate;
    return reply(request);
  };
  return { held, release: () => release() };
}

describe(ProfileSection.name, () => {
  describe('loading', () => {
    it('shows placeholders, then the person’s profile', async () => {
      mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      renderProfile();
      expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your profile');
      expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
      expect(screen.getByText('(555) 555-0100')).toBeVisible();
      expect(screen.getAllByText('ada@example.com')[0]).toBeVisible();
    });

    it('says the profile failed to load and loads it again on Try Again', async () => {
      mockApi().on(
        userRoutes.profileInfo,
        problem(500, 'internal-server-error', 'boom'),
        json(200, aProfile()),
      );
      const { user } = renderProfile();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to load profile data. Please try again.',
      );
      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    });

    it('links the privacy policy and the terms', async () => {
      mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      renderProfile();
      const legal = await screen.findByRole('navigation', { name: 'Legal' });
      expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    });

    it('goes back to the dashboard with Back to home', async () => {
      mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      const { user, onBack } = renderProfile();
      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(onBack).toHaveBeenCalledOnce();
    });
  });

  describe('linked accounts', () => {
    it('shows the way to link a first account when there is none', async () => {
      mockApi().on(userRoutes.profileInfo, json(200, aProfile({ linkedAccounts: [] })));
      const { user, router } = renderProfile();
      expect(await screen.findByText('No linked accounts yet')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Link an account' }));
      expect(router.state.location.pathname).toBe('/link');
      expect(router.state.location.state).toEqual({ from: 'profile' });
    });

    it('lists each account with its bank, type, last four digits and primary mark', async () => {
      mockApi().on(
        userRoutes.profileInfo,
        json(200, aProfile({ linkedAccounts: [aLinkedAccount()] })),
      );
      renderProfile();
      const list = await screen.findByRole('region', { name: 'Linked Accounts' });
      expect(within(list).getByText('Chase')).toBeVisible();
      expect(within(list).getByText(/Checking/)).toBeVisible();
      expect(within(list).getByText('•••• 4242')).toBeVisible();
      expect(within(list).getByText('Primary')).toBeVisible();
    });

    it('asks for a bank update when the connection needs one', async () => {
      mockApi().on(
        userRoutes.profileInfo,
        json(200, aProfile({ is_plaid_update_mode_required: true })),
      );
      const { user, router } = renderProfile();
      expect(await screen.findByText('Account Update Required')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Update account' }));
      expect(router.state.location).toMatchObject({
        pathname: '/link',
        state: { from: 'profile' },
      });
    });
  });

  describe('settings', () => {
    it('flips a switch at once and flips it back, with a message, when saving fails', async () => {
      const { held, release } = heldBack(problem(500, 'internal-server-error', 'boom'));
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.updateProfileSettings, held);
      const { user } = renderProfile();
      const negotiation = await screen.findByRole('switch', { name: 'Bill negotiation' });
      expect(negotiation).toBeChecked();

      await user.click(negotiation);
      expect(negotiation).not.toBeChecked();
      expect(api.requestsTo(userRoutes.updateProfileSettings)[0]!.body).toEqual({
        is_bill_negotiation_enabled: false,
      });

      release();
      expect(await screen.findByText(profileMessages.settingsFailed)).toBeVisible();
      expect(screen.getByRole('switch', { name: 'Bill negotiation' })).toBeChecked();
    });

    it('keeps a switch that saved', async () => {
      const saved = aProfile().profile_settings;
      mockApi()
        .on(
          userRoutes.profileInfo,
          json(200, aProfile()),
          json(
            200,
            aProfile({ profile_settings: { ...saved, is_auto_apply_rewards_enabled: false } }),
          ),
        )
        .on(
          userRoutes.updateProfileSettings,
          json(200, { ...saved, is_auto_apply_rewards_enabled: false }),
        );
      const { user } = renderProfile();
      await user.click(await screen.findByRole('switch', { name: 'Auto-apply rewards' }));
      await waitFor(() =>
        expect(screen.getByRole('switch', { name: 'Auto-apply rewards' })).not.toBeChecked(),
      );
      expect(screen.queryByText(profileMessages.settingsFailed)).not.toBeInTheDocument();
    });
  });

  describe('recovery email', () => {
    it.each([
      { case: 'an unverified email', email: 'ada@example.com', isVerified: false, shown: true },
      { case: 'a verified email', email: 'ada@example.com', isVerified: true, shown: false },
      { case: 'no email at all', email: null, isVerified: false, shown: false },
    ])('offers Verify Email for $case: $shown', async ({ email, isVerified, shown }) => {
      mockApi().on(
        userRoutes.profileInfo,
        json(200, aProfile({ email, is_email_verified: isVerified })),
      );
      renderProfile();
      await screen.findByRole('heading', { name: 'Security' });
      expect(screen.queryByRole('button', { name: 'Verify Email' }) !== null).toBe(shown);
    });

    it('verifies the email with the code sent to it', async () => {
      const unverified = aProfile({ is_email_verified: false });
      const verified = aProfile({ is_email_verified: true });
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, unverified), json(200, verified))
        .on(userRoutes.sendEmailVerification, json(200, { sent: true, email: 'ada@example.com' }))
        .on(
          userRoutes.verifyEmail,
          problem(400, 'bad-request', emailFailureDetail.wrongCode, {}, 'code-wrong'),
          json(200, verified),
        );
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Verify Email' }));

      const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
      expect(dialog).toHaveTextContent('We emailed a code to ada@example.com.');
      const code = within(dialog).getByLabelText('Verification code');
      await user.type(code, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Please enter a valid verification code.',
      );

      await user.clear(code);
      await user.type(code, '111111');
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Invalid verification code. Please try again.',
      );

      await user.clear(code);
      await user.type(code, '424242');
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Your email is verified')).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Verify Email' })).not.toBeInTheDocument();
      expect(api.requestsTo(userRoutes.verifyEmail).map((r) => r.body)).toEqual([
        { code: '111111' },
        { code: '424242' },
      ]);
    });

    it('says a code could not be checked for any other failure', async () => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile({ is_email_verified: false })))
        .on(userRoutes.sendEmailVerification, json(200, { sent: true, email: 'ada@example.com' }))
        .on(userRoutes.verifyEmail, problem(500, 'internal-server-error', 'boom'));
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Verify Email' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Verification code'), '123456');
      await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        profileMessages.verifyEmailFailed,
      );
    });

    it('opens the code dialog and says how long to wait when a code was just sent', async () => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile({ is_email_verified: false })))
        .on(
          userRoutes.sendEmailVerification,
          problem(
            429,
            'too-many-requests',
            'Please wait 42 seconds before asking for a new code.',
            { 'retry-after': '42' },
            'code-just-sent',
          ),
        );
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Verify Email' }));
      expect(
        await screen.findByText(
          'We just emailed you a code. You can ask for a new one in 42 seconds.',
        ),
      ).toBeVisible();
      expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toBeVisible();
      expect(screen.queryByText(profileMessages.sendVerificationFailed)).not.toBeInTheDocument();
    });

    it.each([
      {
        why: 'there is no email',
        detail: emailFailureDetail.noEmail,
        code: 'email-missing',
        says: profileMessages.noEmail,
      },
      {
        why: 'sending failed',
        detail: 'Mail server down',
        code: 'email-undeliverable',
        says: profileMessages.sendVerificationFailed,
      },
    ])('explains when no code can be sent because $why', async ({ detail, code, says }) => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile({ is_email_verified: false })))
        .on(userRoutes.sendEmailVerification, problem(400, 'bad-request', detail, {}, code));
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Verify Email' }));
      expect(await screen.findByText(says)).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('editing the profile', () => {
    it('enables Update Profile only when both name and email are filled in', async () => {
      mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
      const update = within(dialog).getByRole('button', { name: 'Update Profile' });
      expect(update).toBeEnabled();
      await user.clear(within(dialog).getByLabelText('Full name'));
      await user.type(within(dialog).getByLabelText('Full name'), '   ');
      expect(update).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Full name'), 'Ada');
      await user.clear(within(dialog).getByLabelText('Email'));
      expect(update).toBeDisabled();
    });

    it('says so when the profile could not be updated', async () => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.updateProfileInfo, problem(500, 'internal-server-error', 'boom'));
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Update Profile' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        profileMessages.updateFailed,
      );
    });

    it('asks to verify a changed email 500 ms after saving it', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const changed = aProfile({ email: 'ada@newmail.com', is_email_verified: false });
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()), json(200, changed))
        .on(userRoutes.updateProfileInfo, json(200, changed))
        .on(userRoutes.sendEmailVerification, json(200, { sent: true, email: 'ada@newmail.com' }));
      const { user } = renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      const dialog = await screen.findByRole('dialog');
      await user.clear(within(dialog).getByLabelText('Email'));
      await user.type(within(dialog).getByLabelText('Email'), 'Ada@NewMail.com ');
      await user.click(within(dialog).getByRole('button', { name: 'Update Profile' }));

      expect(await screen.findByText('Your profile was updated')).toBeVisible();
      expect(api.requestsTo(userRoutes.updateProfileInfo)[0]!.body).toEqual({
        user_legal_name: 'Ada Lovelace',
        email: 'ada@newmail.com',
      });
      expect(api.requestsTo(userRoutes.sendEmailVerification)).toHaveLength(0);

      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toHaveTextContent(
        'We emailed a code to ada@newmail.com.',
      );
      expect(api.requestsTo(userRoutes.sendEmailVerification)).toHaveLength(1);
    });
  });

  describe('feedback', () => {
    it('counts characters and sends only something besides spaces', async () => {
      const api = mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      const { user } = renderProfile();
      const box = await screen.findByLabelText('What could Billow do better?');
      expect(box).toHaveAttribute('maxlength', '1000');
      expect(screen.getByText('0/1000 characters')).toBeVisible();
      await user.type(box, '   ');
      expect(screen.getByText('3/1000 characters')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
      expect(api.requestsTo(userRoutes.submitFeedback)).toHaveLength(0);
    });

    it('thanks the person for 3 seconds, then offers an empty form again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.submitFeedback, json(200, { success: true }));
      const { user } = renderProfile();
      await user.type(await screen.findByLabelText('What could Billow do better?'), ' Love it ');
      expect(screen.getByText('9/1000 characters')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));

      expect(await screen.findByText('Thank you for your feedback!')).toBeVisible();
      expect(api.requestsTo(userRoutes.submitFeedback)[0]!.body).toEqual({ feedback: 'Love it' });

      await act(() => vi.advanceTimersByTimeAsync(2900));
      expect(screen.getByText('Thank you for your feedback!')).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
      expect(screen.getByLabelText('What could Billow do better?')).toHaveValue('');
      expect(screen.getByText('0/1000 characters')).toBeVisible();
    });

    it('says so when feedback could not be sent, keeping what was written', async () => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.submitFeedback, problem(500, 'internal-server-error', 'boom'));
      const { user } = renderProfile();
      await user.type(await screen.findByLabelText('What could Billow do better?'), 'Hi');
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      // (The reminders card, whose settings this test does not serve, has an alert of its own.)
      await waitFor(() =>
        expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
          profileMessages.feedbackFailed,
        ),
      );
      expect(screen.getByLabelText('What could Billow do better?')).toHaveValue('Hi');
    });
  });

  describe('deleting the account', () => {
    async function openDeleteConfirmation(user: ReturnType<typeof renderProfile>['user']) {
      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      return screen.findByRole('alertdialog', { name: 'Delete your account?' });
    }

    it('asks first, and Cancel keeps everything', async () => {
      const api = mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      const { user } = renderProfile();
      const dialog = await openDeleteConfirmation(user);
      expect(dialog).toHaveTextContent(/permanently deletes your Billow account/);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(api.requestsTo(userRoutes.deleteAccount)).toHaveLength(0);
    });

    it('deletes the account once confirmed, signs out and goes to sign-in', async () => {
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.deleteAccount, json(200, { success: true, message: 'Deleted' }));
      const { user, router } = renderProfile();
      const dialog = await openDeleteConfirmation(user);
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(api.requestsTo(userRoutes.deleteAccount)).toHaveLength(1);
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(
        await screen.findByText('Your Billow account and all its data were deleted.'),
      ).toBeVisible();
    });

    it('asks for a texted code when the sign-in was not a moment ago, then deletes with it', async () => {
      const api = mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(
          userRoutes.deleteAccount,
          problem(403, 'insufficient-permissions', 'Code needed.', {}, 'fresh-code-needed'),
          problem(400, 'bad-request', 'Invalid code. Please try again.', {}, 'code-wrong'),
          json(200, { success: true, message: 'Deleted' }),
        )
        .on(userRoutes.sendDeleteAccountCode, json(200, { sent: true, phoneLastFour: '1234' }));
      const { user, router } = renderProfile();
      const dialog = await openDeleteConfirmation(user);
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      const code = await within(dialog).findByLabelText('Code from the text');
      expect(dialog).toHaveTextContent(profileMessages.deleteNeedsCode);
      expect(api.requestsTo(userRoutes.sendDeleteAccountCode)).toHaveLength(1);

      await user.type(code, '111111');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Invalid code. Please try again.',
      );
      await user.clear(code);
      await user.type(code, '123456');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(api.requestsTo(userRoutes.deleteAccount).map((r) => r.body)).toEqual([
        {},
        { code: '111111' },
        { code: '123456' },
      ]);
    });

    it('refuses without an access token in the session', async () => {
      const api = mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
      const { user } = renderProfile();
      const dialog = await openDeleteConfirmation(user);
      sessionStorage.removeItem('accessToken');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Authentication required to delete account.',
      );
      expect(api.requestsTo(userRoutes.deleteAccount)).toHaveLength(0);
    });

    it('says so when the account could not be deleted', async () => {
      mockApi()
        .on(userRoutes.profileInfo, json(200, aProfile()))
        .on(userRoutes.deleteAccount, problem(500, 'internal-server-error', 'boom'));
      const { user, router } = renderProfile();
      const dialog = await openDeleteConfirmation(user);
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        profileMessages.deleteFailed,
      );
      expect(router.state.location.pathname).toBe('/');
      expect(sessionStorage.getItem('token')).toBe('id-token');
    });
  });
});
