import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userRoutes } from '@billow/contracts';
import { track } from '@/lib/analytics';
import { aProfile } from '@test/fixtures';
import { json, mockApi, never, offline, problem, type Reply } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { Component as SettingsRoute } from '@/app/routes/profile-settings-customization';
import { trackedEvents } from '@test/onboarding-helpers';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

const landingState = {
  selectedMerchant: 'Netflix',
  selectedMerchantWebsiteUrl: 'netflix.com',
  estimatedAmount: 50,
};

function renderSettings({
  state,
  reply = json(200, aProfile()),
}: { state?: unknown; reply?: Reply } = {}) {
  storeSession();
  const api = mockApi().on(userRoutes.updateProfileInfoFromOnboarding, reply);
  const rendered = renderApp(
    [
      { path: '/profile-settings-customization', element: <SettingsRoute /> },
      { path: '/account-linking-info', element: <h1>Link your accounts</h1> },
    ],
    { at: '/profile-settings-customization', state },
  );
  return { ...rendered, api };
}

type User = ReturnType<typeof renderSettings>['user'];
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const arrived = () => screen.findByRole('heading', { name: 'Link your accounts' });

async function chooseVoiceAndContinue(user: User, voice: 'Male' | 'Female') {
  await user.click(continueButton());
  await user.click(screen.getByRole('radio', { name: voice }));
  await user.click(continueButton());
}

beforeEach(() => vi.mocked(track).mockClear());

describe('the settings onboarding', () => {
  it('starts with Bill Negotiation switched on, explaining that AI negotiates for free', () => {
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Bill Negotiation' })).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Negotiate my bills' })).toBeChecked();
    expect(
      screen.getByText('Our AI negotiates your bills for free, and you keep all the savings.'),
    ).toBeVisible();
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
  });

  it('comes back on the step and with the choices it had after a reload, then carries them on', async () => {
    const { user, router, unmount } = renderSettings({ state: landingState });
    await chooseVoiceAndContinue(user, 'Female');
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Text me before bills are due' }));

    // A reload: the same address and history entry, a fresh app.
    const { state } = router.state.location;
    unmount();
    const reloaded = renderSettings({ state });
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Text me before bills are due' })).not.toBeChecked();
    await reloaded.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    await reloaded.user.click(continueButton());
    await reloaded.user.click(continueButton());
    await arrived();
    expect(reloaded.router.state.location.state).toEqual({
      ...landingState,
      customization: {
        billNegotiationEnabled: true,
        selectedVoice: 'female',
        notificationsEnabled: false,
      },
    });
    expect(reloaded.api.requestsTo(userRoutes.updateProfileInfoFromOnboarding)).toHaveLength(1);
  });

  it('speaks of the merchant it was opened with', () => {
    renderSettings({ state: landingState });
    expect(screen.getByText('Let’s start saving on Netflix')).toBeVisible();
  });

  it('with negotiation on, asks for a voice and keeps Continue off until one is chosen', async () => {
    const { user } = renderSettings();
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Customization' })).toHaveFocus();
    expect(screen.getByText(/to improve negotiation success/)).toBeVisible();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(continueButton()).toBeEnabled();
  });

  it('lets the voice be chosen with the keyboard', async () => {
    const { user } = renderSettings();
    await user.click(continueButton());
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('with negotiation switched off, goes straight to notifications', async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole('switch', { name: 'Negotiate my bills' }));
    await user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Subscription Notifications' })).toHaveFocus();
  });

  it('saves every choice and goes on with the incoming state plus the customization', async () => {
    const { user, router, api } = renderSettings({ state: landingState });
    await chooseVoiceAndContinue(user, 'Female');
    expect(screen.getByRole('switch', { name: 'Text me before bills are due' })).toBeChecked();
    expect(screen.getByText('Get a text message notification before a bill is due.')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Text me before bills are due' }));
    await user.click(continueButton());
    await arrived();

    expect(api.requestsTo(userRoutes.updateProfileInfoFromOnboarding)[0]!.body).toEqual({
      gender: 'female',
      profile_settings: {
        is_bill_negotiation_enabled: true,
        is_subscription_notifications_enabled: false,
      },
    });
    expect(router.state.location.state).toEqual({
      ...landingState,
      customization: {
        billNegotiationEnabled: true,
        selectedVoice: 'female',
        notificationsEnabled: false,
      },
    });
    expect(trackedEvents()).toEqual([
      {
        name: 'settings_onboarding_completed',
        properties: {
          is_bill_negotiation_enabled: true,
          is_subscription_notifications_enabled: false,
        },
      },
    ]);
  });

  it('"Skip for now" turns negotiation off, clears the voice and goes to notifications', async () => {
    const { user, router, api } = renderSettings();
    await chooseVoiceAndContinue(user, 'Male');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByRole('heading', { name: 'Subscription Notifications' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('switch', { name: 'Negotiate my bills' })).not.toBeChecked();
    await user.click(continueButton());
    await user.click(continueButton());
    await arrived();
    expect(api.requestsTo(userRoutes.updateProfileInfoFromOnboarding)[0]!.body).toEqual({
      gender: null,
      profile_settings: {
        is_bill_negotiation_enabled: false,
        is_subscription_notifications_enabled: true,
      },
    });
    expect(router.state.location.state).toEqual({
      customization: {
        billNegotiationEnabled: false,
        selectedVoice: null,
        notificationsEnabled: true,
      },
    });
  });

  it('says "Saving..." and cannot be sent twice while saving', async () => {
    const { user, api } = renderSettings({ reply: never });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await user.click(continueButton());
    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await act(() => user.click(saving));
    expect(api.requestsTo(userRoutes.updateProfileInfoFromOnboarding)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it.each([
    ['the server refuses', problem(500, 'internal-server-error', 'Boom')],
    ['the phone is offline', offline],
  ])('still goes on to /account-linking-info when %s', async (_, reply) => {
    const { user, router } = renderSettings({ reply, state: landingState });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await user.click(continueButton());
    await arrived();
    expect(router.state.location.state).toMatchObject(landingState);
  });
});
