import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentRoutes,
  reminderRoutes,
  rewardOptions,
  rewardRoutes,
  savingsRoutes,
  subscriptionRoutes,
  userRoutes,
  type Subscription,
} from '@billow/contracts';
import { aSubscription } from '@test/subscriptions-helpers';
import { json, mockApi, never, problem, type Reply } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { HOME_CARDS_WAIT_MS } from '../home-queries';
import { Component as DashboardRoute } from './dashboard';

/** Every test runs on Dec 1, 2026. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

function renderHome({
  subscriptions = [aSubscription()],
  savings = json(200, { lifetime_savings: 0, promised_savings: 0 }),
  instantSavings = json(200, []),
  linkedAccountCount = 1,
  overdraft = json(200, null),
  state,
}: {
  subscriptions?: Subscription[];
  savings?: Reply;
  instantSavings?: Reply;
  linkedAccountCount?: number;
  overdraft?: Reply;
  state?: unknown;
} = {}) {
  storeSession();
  const profile = aProfile({
    user_legal_name: 'Ada Lovelace',
    linkedAccounts: Array.from({ length: linkedAccountCount }, () => aLinkedAccount()),
  });
  const api = mockApi()
    .on(userRoutes.profileInfo, json(200, profile))
    .on(subscriptionRoutes.listAll, json(200, subscriptions))
    .on(savingsRoutes.lifetime, savings)
    .on(reminderRoutes.overdraftRisk, overdraft)
    .on(paymentRoutes.instantSavings, instantSavings)
    .on(rewardRoutes.balance, json(200, 4.5))
    .on(rewardRoutes.lifetimeAccrued, json(200, 16.49))
    .on(rewardRoutes.nextReward, json(200, { name: 'Spotify', amount: 11.99 }))
    .on(
      rewardRoutes.choices,
      json(
        200,
        rewardOptions.map((o) => ({
          id: o.id,
          name: o.name,
          kind: o.name,
          price: o.price,
          bill: null,
        })),
      ),
    )
    .on(
      rewardRoutes.history,
      json(200, { transactions: [], page: 1, page_size: 20, total: 0, has_more: false }),
    );
  const rendered = renderScreen(<DashboardRoute />, { state });
  return { ...rendered, api };
}

/** Waits until the Subscriptions card shows its figures, so the list has arrived. */
async function subscriptionsLoaded() {
  const card = await screen.findByRole('region', { name: 'Subscriptions' });
  await waitFor(() => expect(card).toHaveTextContent(/\d+ active/));
}

describe('the dashboard section', () => {
  describe('the overdraft alert', () => {
    it('shows the shortfall the overdraft text names, and what to do', async () => {
      renderHome({
        overdraft: json(200, {
          accountName: 'Everyday Checking',
          available: 10,
          payday: '2026-12-11',
          bills: [{ merchantName: 'Netflix', amount: 15.49, dueDate: '2026-12-05' }],
          due: 15.49,
          shortfall: 5.49,
        }),
      });
      const alert = await screen.findByRole('region', { name: 'You may overdraw before payday' });
      expect(alert).toHaveTextContent(
        'Everyday Checking has $10.00 available, but $15.49 in bills are due before your next paycheck (Dec 11): Netflix $15.49 (Dec 5). You are $5.49 short.',
      );
      expect(alert).toHaveTextContent('Moving money into Everyday Checking');
    });

    it('shows nothing when nothing is short', async () => {
      const { api } = renderHome();
      await subscriptionsLoaded();
      await waitFor(() => expect(api.requestsTo(reminderRoutes.overdraftRisk)).toHaveLength(1));
      expect(screen.queryByRole('region', { name: /overdraw/ })).not.toBeInTheDocument();
    });
  });

  describe('the lifetime-savings banner', () => {
    it('shows the savings floored to whole dollars', async () => {
      renderHome({ savings: json(200, { lifetime_savings: 1234.99, promised_savings: 0 }) });
      const banner = screen.getByRole('region', { name: 'Lifetime savings' });
      await waitFor(() => expect(banner).toHaveTextContent('You’ve saved $1,234 with Billow'));
    });

    it('encourages rather than disappoints at $0', async () => {
      renderHome({ savings: json(200, { lifetime_savings: 0.4, promised_savings: 0 }) });
      const banner = screen.getByRole('region', { name: 'Lifetime savings' });
      await waitFor(() => expect(banner).toHaveTextContent('You’ve saved $0 with Billow'));
      expect(banner).toHaveTextContent(/Your first savings are on the way/);
    });

    it('says a promised saving apart, as on track to save, from what the bank has shown', async () => {
      renderHome({ savings: json(200, { lifetime_savings: 0, promised_savings: 120.5 }) });
      const banner = screen.getByRole('region', { name: 'Lifetime savings' });
      await waitFor(() => expect(banner).toHaveTextContent('You’ve saved $0 with Billow'));
      expect(banner).toHaveTextContent(
        'On track to save $120 more, counted once your bill shows it.',
      );
    });

    it('holds its place while loading', () => {
      renderHome({ savings: never });
      expect(screen.getByRole('region', { name: 'Lifetime savings' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    });

    it('says the savings failed to load and loads them again with Retry', async () => {
      const { user } = renderHome({
        savings: problem(500, 'internal-server-error', 'boom'),
      });
      const banner = screen.getByRole('region', { name: 'Lifetime savings' });
      expect(await within(banner).findByRole('alert')).toHaveTextContent(
        'Failed to load savings data. Please try again.',
      );
      // The next answer succeeds.
      mockApi()
        .on(savingsRoutes.lifetime, json(200, { lifetime_savings: 12, promised_savings: 0 }))
        .on(subscriptionRoutes.listAll, json(200, []));
      await user.click(within(banner).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(banner).toHaveTextContent('You’ve saved $12 with Billow'));
    });
  });

  describe('while the cards’ first answers come in', () => {
    it('keeps every card back until the last of them has answered, so none pushes another down', async () => {
      let answer: (response: Response) => void = () => undefined;
      const { api } = renderHome({
        instantSavings: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await waitFor(() => expect(api.requestsTo(paymentRoutes.instantSavings)).toHaveLength(1));
      await waitFor(() => expect(api.requestsTo(rewardRoutes.balance)).not.toHaveLength(0));
      // The profile and the savings have answered: the page is out, the cards still wait.
      expect(await screen.findByRole('button', { name: /Hi, Ada/ })).toBeVisible();
      const banner = screen.getByRole('region', { name: 'Lifetime savings' });
      await waitFor(() => expect(banner).toHaveTextContent('You’ve saved $0 with Billow'));
      expect(screen.queryByRole('region', { name: 'Bills' })).not.toBeInTheDocument();
      answer(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
      expect(await screen.findByRole('region', { name: 'Bills' })).toBeVisible();
      expect(screen.getByRole('region', { name: 'Rewards' })).toBeVisible();
    });

    it('stops waiting for an answer that is slow to come', async () => {
      renderHome({ instantSavings: never });
      expect(
        await screen.findByRole(
          'region',
          { name: 'Bills' },
          { timeout: HOME_CARDS_WAIT_MS + 2000 },
        ),
      ).toBeVisible();
    });
  });

  it('shows the bills card', async () => {
    renderHome({ subscriptions: [aSubscription({ merchant_name: 'Hulu', days_until_due: 5 })] });
    // The cards come out together once their first answers are in.
    const bills = await screen.findByRole('region', { name: 'Bills' });
    expect(await within(bills).findByText('due in 5 days')).toBeVisible();
  });

  it('welcomes a person with no linked account and leads them to link one', async () => {
    renderHome({ linkedAccountCount: 0 });
    expect(await screen.findByText(/We’re finding your subscriptions/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Link an account' })).toHaveAttribute('href', '/link');
  });

  it('keeps the welcome while a linked account has shown no subscription yet', async () => {
    renderHome({ subscriptions: [] });
    expect(await screen.findByText(/Billow is reading your linked accounts/)).toBeVisible();
  });

  it('leaves the welcome out once Billow has found subscriptions', async () => {
    renderHome();
    await subscriptionsLoaded();
    expect(screen.queryByText(/We’re finding your subscriptions/)).not.toBeInTheDocument();
  });

  describe('the rewards section', () => {
    it('opens from the Rewards card with focus on its heading, and comes back', async () => {
      const { user } = renderHome();
      const card = await screen.findByRole('region', { name: 'Rewards' });
      await waitFor(() => expect(card).toHaveTextContent('$4.50 toward a free subscription'));
      await user.click(within(card).getByRole('button', { name: 'See rewards' }));

      const heading = await screen.findByRole('heading', { level: 1, name: 'Rewards' });
      expect(heading).toHaveFocus();
      expect(await screen.findByLabelText('Lifetime accrued $16.49')).toBeVisible();
      expect(await screen.findByText('No rewards yet')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(await screen.findByRole('region', { name: 'Bills' })).toBeVisible();
    });

    it('opens on arrival when the navigation asks for it', async () => {
      renderHome({ state: { section: 'rewards' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
      expect(await screen.findByLabelText('Balance $4.50')).toBeVisible();
    });
  });

  describe('the subscriptions section', () => {
    it('opens from the Subscriptions card with focus on its heading, and comes back', async () => {
      const { user } = renderHome({
        subscriptions: [
          aSubscription({ amount: 15.49, normalized_monthly_amount: 15.49 }),
          aSubscription({ merchant_name: 'Hulu', amount: 7.99, normalized_monthly_amount: 7.99 }),
        ],
      });
      const card = await screen.findByRole('region', { name: 'Subscriptions' });
      await waitFor(() =>
        expect(card).toHaveTextContent('2 active · $23.48 a month in plans and bills'),
      );
      await user.click(within(card).getByRole('button', { name: 'See all subscriptions' }));

      const heading = await screen.findByRole('heading', { level: 1, name: 'Subscriptions' });
      expect(heading).toHaveFocus();
      expect(screen.queryByRole('region', { name: 'Bills' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Back to home' }));
      expect(await screen.findByRole('region', { name: 'Bills' })).toBeVisible();
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus();
    });

    it('says what the person pays a month as Bills → All does: weekly and yearly bills included', async () => {
      renderHome({
        subscriptions: [
          aSubscription({ amount: 17.99, normalized_monthly_amount: 17.99 }),
          aSubscription({
            merchant_name: 'HelloFresh',
            cadence: 'WEEKLY',
            amount: 79.99,
            normalized_monthly_amount: 346.62,
          }),
          aSubscription({
            merchant_name: 'Amazon Prime',
            cadence: 'YEARLY',
            amount: 139,
            normalized_monthly_amount: 11.58,
          }),
        ],
      });
      const card = await screen.findByRole('region', { name: 'Subscriptions' });
      await waitFor(() =>
        expect(card).toHaveTextContent('3 active · $376.19 a month in plans and bills'),
      );
    });

    it('opens on arrival when the navigation asks for it', async () => {
      renderHome({ state: { section: 'subscriptions' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
      expect(await screen.findByRole('list', { name: 'Your subscriptions' })).toBeVisible();
    });

    it('shows the list the bills card loaded at once, without waiting', async () => {
      const { user } = renderHome();
      await subscriptionsLoaded();
      await user.click(screen.getByRole('button', { name: 'See all subscriptions' }));
      // The section's code may still be loading; its list then comes with no wait for data.
      expect(await screen.findByRole('list', { name: 'Your subscriptions' })).toBeVisible();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });
});
