import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '@/lib/analytics';
import { mockApi } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { Component as AccountLinkingInfoRoute } from '@/app/routes/account-linking-info';
import { trackedNames } from '@test/onboarding-helpers';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

function renderInfo(state?: unknown) {
  storeSession();
  mockApi();
  return renderApp(
    [
      { path: '/account-linking-info', element: <AccountLinkingInfoRoute /> },
      { path: '/link', element: <h1>Link</h1> },
    ],
    { at: '/account-linking-info', state },
  );
}

beforeEach(() => vi.mocked(track).mockClear());

describe('the account linking explainer', () => {
  it('pictures banks and cards flowing to Billow and on to savings, with a text alternative', () => {
    renderInfo();
    const diagram = screen.getByRole('img', {
      name: /bank accounts, credit cards and debit cards connect to Billow/,
    });
    for (const saving of ['-$85', '-$45', '-$20', '-$60']) {
      expect(diagram).toHaveTextContent(saving);
    }
    expect(diagram).toHaveAccessibleName(
      /\$85 on Xfinity, \$45 on Verizon, \$20 on Netflix, \$60 on Planet Fitness/,
    );
  });

  it('makes the bank-linking promises', () => {
    renderInfo();
    for (const text of [
      /used by many of the financial apps/,
      /encrypted with AES-256/,
      /You own your data/,
      /never sold or shared for marketing/,
      /revoke access at any time/,
      /Checking accounts, credit cards and debit cards/,
      /add or remove accounts later from your profile/,
      /never sees your sensitive bank account details/,
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
  });

  it.each([
    ['Netflix', "You're on your way to saving $45 on your Netflix subscription"],
    ['Planet Fitness', "You're on your way to saving $88 on your Planet Fitness subscription"],
  ])('reminds a visitor from the %s landing of its offer', (selectedMerchant, text) => {
    renderInfo({ selectedMerchant });
    expect(screen.getByText(text)).toBeVisible();
  });

  it('makes no offer to anyone else', () => {
    renderInfo({ selectedMerchant: 'Hulu' });
    expect(screen.queryByText(/on your way to saving/)).toBeNull();
  });

  it('goes to /link on Next, carrying the navigation state', async () => {
    const state = {
      selectedMerchant: 'Netflix',
      estimatedAmount: 50,
      customization: {
        billNegotiationEnabled: false,
        selectedVoice: null,
        notificationsEnabled: true,
      },
    };
    const { user, router } = renderInfo(state);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/link');
    expect(router.state.location.state).toEqual(state);
    expect(trackedNames()).toEqual(['account_linking_info_next']);
  });
});
