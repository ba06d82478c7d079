import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '@/lib/analytics';
import { mockApi } from '@test/mock-api';
import { renderApp } from '@test/render-app';
import { Component as SignupRoute } from '@/app/routes/signup';
import { trackedEvents, trackedNames } from '@test/onboarding-helpers';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

function renderFunnel(state?: unknown, at = '/signup') {
  mockApi();
  return renderApp(
    [
      { path: '/signup', element: <SignupRoute /> },
      { path: '/auth', element: <h1>Sign in</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { at, state },
  );
}

type User = ReturnType<typeof renderFunnel>['user'];

async function pickMerchant(user: User, name = 'Netflix') {
  await user.click(screen.getByRole('button', { name: 'Get Started' }));
  await user.click(await screen.findByRole('button', { name }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // The next step's code loads on first use.
  await screen.findByLabelText('Monthly amount');
}

const amountField = () => screen.getByLabelText('Monthly amount');

beforeEach(() => vi.mocked(track).mockClear());

describe('the /signup funnel', () => {
  describe('get-started', () => {
    it('opens on a headline about negotiating bills and saving on subscriptions, as step 1 of 4', () => {
      renderFunnel();
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent('Negotiate your bills. Save on every subscription.');
      expect(heading).toHaveFocus();
      expect(screen.getByText('Step 1 of 4')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    });

    it('moves on to the merchant choice and records signup_get_started', async () => {
      const { user } = renderFunnel();
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      // The merchant choice loads on demand; focus lands on its heading once it is in.
      const heading = await screen.findByRole('heading', {
        name: 'Choose a bill you would like to save money on',
      });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText('Step 2 of 4')).toBeVisible();
      expect(trackedNames()).toEqual(['signup_get_started']);
    });
  });

  describe('select-merchant', () => {
    it('offers the twelve merchants as toggle buttons and keeps Continue off until one is picked', async () => {
      const { user } = renderFunnel();
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      const grid = await screen.findByRole('group', {
        name: 'Choose a bill you would like to save money on',
      });
      const merchants = within(grid).getAllByRole('button');
      expect(merchants).toHaveLength(12);
      expect(merchants.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Netflix' }));
      expect(screen.getByRole('button', { name: 'Netflix' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await user.click(screen.getByRole('button', { name: 'Hulu' }));
      expect(screen.getByRole('button', { name: 'Netflix' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    });

    it('can be picked with the keyboard alone', async () => {
      const { user } = renderFunnel();
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      (await screen.findByRole('button', { name: 'Verizon' })).focus();
      await user.keyboard(' ');
      expect(screen.getByRole('button', { name: 'Verizon' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await user.tab();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('button', { name: 'AT&T' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('records the merchant by id on Continue', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user, 'Netflix');
      expect(trackedEvents()).toContainEqual({
        name: 'signup_merchant_selected',
        properties: { merchant_id: 9 },
      });
    });

    it('goes to /auth on "Skip for now"', async () => {
      const { user, router } = renderFunnel();
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      await user.click(await screen.findByRole('link', { name: 'Skip for now' }));
      expect(router.state.location.pathname).toBe('/auth');
    });
  });

  describe('bill-estimation', () => {
    it('asks about the picked merchant with a decimal dollar field, Next off until above 0', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user, 'Netflix');
      expect(
        screen.getByRole('heading', {
          name: "How much do you think you're paying Netflix every month?",
        }),
      ).toHaveFocus();
      const field = amountField();
      expect(field).toHaveAttribute('inputmode', 'decimal');
      expect(field).toHaveAttribute('min', '0');
      expect(field).toHaveAttribute('step', '0.01');
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

      await user.type(field, '0');
      expect(field).toHaveValue('0');
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      await user.clear(field);
      expect(field).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      await user.type(field, '12.5');
      expect(field).toHaveValue('12.5');
      expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    });

    it('keeps only digits and one point, with at most 2 decimals', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user);
      const field = amountField();
      await user.type(field, '12a');
      expect(field).toHaveValue('12');
      await user.clear(field);
      await user.type(field, 'abc');
      expect(field).toHaveValue('');
      await user.type(field, '1.234');
      expect(field).toHaveValue('1.23');
      await user.clear(field);
      await user.type(field, '1..2');
      expect(field).toHaveValue('1.2');
      await user.clear(field);
      await user.paste('1..2');
      expect(field).toHaveValue('');
    });

    it('submits on Enter only when the amount is valid', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user);
      await user.type(amountField(), '0{Enter}');
      expect(amountField()).toBeInTheDocument();
      await user.clear(amountField());
      await user.type(amountField(), '50{Enter}');
      expect(
        await screen.findByRole('heading', { name: "Let's see how much Billow can save you" }),
      ).toBeVisible();
      expect(trackedEvents()).toContainEqual({
        name: 'signup_estimate_entered',
        properties: { is_unsure: false },
      });
    });

    it('keeps the picked merchant and the typed amount when going Back and forth', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user, 'Hulu');
      await user.type(amountField(), '20');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('button', { name: 'Hulu' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(amountField()).toHaveValue('20');
      expect(screen.getByText('Step 3 of 4')).toBeVisible();
    });
  });

  describe('bill-savings', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });

    it('reveals a year of 20% savings after 3 s, then Sign up to save carries the choice to /auth', async () => {
      const { user, router } = renderFunnel();
      await pickMerchant(user, 'Netflix');
      await user.type(amountField(), '50');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByRole('heading', { name: "Let's see how much Billow can save you" }),
      ).toHaveFocus();
      await act(() => vi.advanceTimersByTimeAsync(2900));
      expect(screen.queryByText('$120.00')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));

      expect(screen.getByText('$120.00')).toBeVisible();
      expect(screen.getByText('12 month period')).toBeVisible();
      expect(screen.getByText('$120.00').closest('[aria-live="polite"]')).not.toBeNull();
      expect(trackedNames()).toContain('signup_savings_viewed');

      await user.click(screen.getByRole('button', { name: 'Sign up to save' }));
      expect(router.state.location.pathname).toBe('/auth');
      expect(router.state.location.state).toEqual({
        selectedMerchant: 'Netflix',
        selectedMerchantWebsiteUrl: 'netflix.com',
        estimatedAmount: 50,
      });
      expect(trackedNames()).toEqual([
        'signup_get_started',
        'signup_merchant_selected',
        'signup_estimate_entered',
        'signup_savings_viewed',
        'signup_cta_clicked',
      ]);
    });

    it('shows the generic 20% for "I\'m not sure" and carries an estimate of 0', async () => {
      const { user, router } = renderFunnel();
      await pickMerchant(user, 'Verizon');
      await user.click(screen.getByRole('button', { name: "I'm not sure" }));
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByText('20%')).toBeVisible();
      expect(screen.getByText('on their Verizon bill')).toBeVisible();
      expect(trackedEvents()).toContainEqual({
        name: 'signup_estimate_entered',
        properties: { is_unsure: true },
      });
      await user.click(screen.getByRole('button', { name: 'Sign up to save' }));
      expect(router.state.location.state).toMatchObject({ estimatedAmount: 0 });
    });

    it('never sends the amount with analytics', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user);
      await user.type(amountField(), '87.65{Enter}');
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await user.click(screen.getByRole('button', { name: 'Sign up to save' }));
      expect(JSON.stringify(trackedEvents())).not.toMatch(/87\.65|17\.53|210/);
    });

    it('keeps the typed amount when the visitor goes Back from the savings', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user);
      await user.type(amountField(), '87.5{Enter}');
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(amountField()).toHaveValue('87.5');
    });

    it('keeps the amount on Back after a reload on the savings', async () => {
      const { user } = renderFunnel(undefined, '/signup?step=bill-savings&merchant=9&amount=87.5');
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(amountField()).toHaveValue('87.5');
    });

    it('stops the reveal when the visitor goes Back before it ends', async () => {
      const { user } = renderFunnel();
      await pickMerchant(user);
      await user.type(amountField(), '50{Enter}');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(amountField()).toBeVisible();
      expect(trackedNames()).not.toContain('signup_savings_viewed');
    });
  });

  describe('the step in the address', () => {
    it('keeps the step and the merchant through a reload', async () => {
      const first = renderFunnel();
      await pickMerchant(first.user);
      const { pathname, search } = first.router.state.location;
      expect(search).toMatch(/step=bill-estimation/);
      first.unmount();

      mockApi();
      renderApp([{ path: '/signup', element: <SignupRoute /> }], { at: `${pathname}${search}` });
      expect(
        screen.getByRole('heading', {
          name: "How much do you think you're paying Netflix every month?",
        }),
      ).toBeVisible();
      expect(screen.getByText('Step 3 of 4')).toBeVisible();
    });

    it('goes back a step with the browser’s Back, and the page’s Back does the same', async () => {
      const { user, router } = renderFunnel();
      await pickMerchant(user);
      await act(() => router.navigate(-1));
      expect(screen.getByText('Step 2 of 4')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Netflix' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByText('Step 1 of 4')).toBeVisible();
      expect(router.state.location.pathname).toBe('/signup');
    });

    it('falls back to the merchant choice when the address names no merchant', () => {
      mockApi();
      renderApp([{ path: '/signup', element: <SignupRoute /> }], {
        at: '/signup?step=bill-savings&amount=40',
      });
      expect(screen.getByText('Step 2 of 4')).toBeVisible();
    });
  });

  describe('arriving with navigation state', () => {
    it('shows Loading… instead of the steps, then goes home', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { router } = renderFunnel({ selectedMerchant: 'Netflix' });
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(router.state.location.pathname).toBe('/');
    });
  });
});
