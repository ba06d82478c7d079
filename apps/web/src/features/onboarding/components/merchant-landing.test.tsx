import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '@/lib/analytics';
import { mockApi } from '@test/mock-api';
import { renderApp } from '@test/render-app';
import { Component as NetflixSignupRoute } from '@/app/routes/netflix-signup';
import { Component as PlanetFitnessSignupRoute } from '@/app/routes/planetfitness-signup';
import { trackedEvents } from '@test/onboarding-helpers';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

function renderLanding(at: '/netflix-signup' | '/planetfitness-signup') {
  mockApi();
  return renderApp(
    [
      { path: '/netflix-signup', element: <NetflixSignupRoute /> },
      { path: '/planetfitness-signup', element: <PlanetFitnessSignupRoute /> },
      { path: '/auth', element: <h1>Sign in</h1> },
    ],
    { at },
  );
}

beforeEach(() => vi.mocked(track).mockClear());

describe('the merchant landing pages', () => {
  it.each([
    {
      at: '/netflix-signup' as const,
      headline: 'Let Billow save $45 on your Netflix',
      state: {
        selectedMerchant: 'Netflix',
        selectedMerchantWebsiteUrl: 'netflix.com',
        estimatedAmount: 50,
      },
    },
    {
      at: '/planetfitness-signup' as const,
      headline: 'Let Billow save $88 on your Planet Fitness',
      state: {
        selectedMerchant: 'Planet Fitness',
        selectedMerchantWebsiteUrl: 'planetfitness.com',
        estimatedAmount: 45,
      },
    },
  ])(
    '$at offers "$headline" and Get Started carries the merchant to /auth',
    async ({ at, headline, state }) => {
      const { user, router } = renderLanding(at);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headline);
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      expect(router.state.location.pathname).toBe('/auth');
      expect(router.state.location.state).toEqual(state);
    },
  );

  it('promises AI negotiation, for free, keeping all the savings, same or better service', () => {
    renderLanding('/netflix-signup');
    for (const promise of [
      'Negotiated by AI',
      'Free',
      'You keep all the savings',
      'Same or better service for less',
    ]) {
      expect(screen.getByText(promise)).toBeVisible();
    }
  });

  it('records the signup started from the landing, with the landing as its source', async () => {
    const { user } = renderLanding('/netflix-signup');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(trackedEvents()).toEqual([
      { name: 'user_signup', properties: { source: 'netflix-signup' } },
      { name: 'landing_get_started', properties: { source: 'netflix-signup' } },
    ]);
  });
});
