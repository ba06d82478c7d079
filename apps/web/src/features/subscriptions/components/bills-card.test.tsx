import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type Subscription } from '@billow/contracts';
import { json, mockApi, never, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aSubscription } from '@test/subscriptions-helpers';
import { BillsCard } from './bills-card';

/** Every test runs on Dec 1, 2026. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

function renderBills(subscriptions: Subscription[]) {
  storeSession();
  const api = mockApi().on(subscriptionRoutes.listAll, json(200, subscriptions));
  return { ...renderScreen(<BillsCard />), api };
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.font-medium')?.textContent);

describe(BillsCard.name, () => {
  describe('the Upcoming tab', () => {
    it('is the tab shown first', async () => {
      renderBills([aSubscription()]);
      expect(await screen.findByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    it('lists only active bills due after today, soonest first, in This month and Later on', async () => {
      renderBills([
        aSubscription({ merchant_name: 'Hulu', renewal_date: '2026-12-13', days_until_due: 12 }),
        aSubscription({ merchant_name: 'Netflix', renewal_date: '2026-12-04', days_until_due: 3 }),
        aSubscription({ merchant_name: 'Gym', renewal_date: '2027-01-05', days_until_due: 35 }),
        aSubscription({ merchant_name: 'Today', renewal_date: '2026-12-01', days_until_due: 0 }),
        aSubscription({ merchant_name: 'Paused', status: 'PAUSED', days_until_due: 2 }),
      ]);
      const thisMonth = await screen.findByRole('list', { name: 'Bills due this month' });
      expect(rowNames(thisMonth)).toEqual(['Netflix', 'Hulu']);
      expect(rowNames(screen.getByRole('list', { name: 'Bills due later on' }))).toEqual(['Gym']);
      expect(screen.getByRole('heading', { name: 'This month' })).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Later on' })).toBeVisible();
      expect(screen.queryByText('Today')).not.toBeInTheDocument();
      expect(screen.queryByText('Paused')).not.toBeInTheDocument();
    });

    it('shows This month and Later on as written, not capitalised by CSS', async () => {
      renderBills([
        aSubscription({ merchant_name: 'Netflix', renewal_date: '2026-12-04', days_until_due: 3 }),
        aSubscription({ merchant_name: 'Gym', renewal_date: '2027-01-05', days_until_due: 35 }),
      ]);
      for (const name of ['This month', 'Later on']) {
        const heading = await screen.findByRole('heading', { name });
        expect(heading.className).not.toMatch(/\b(uppercase|capitalize|lowercase)\b/);
      }
    });

    it('sums the amounts due by the end of the month in red as Due this month', async () => {
      renderBills([
        aSubscription({ amount: 15.49, renewal_date: '2026-12-04', days_until_due: 3 }),
        aSubscription({ amount: 9.99, renewal_date: '2026-12-31', days_until_due: 30 }),
        aSubscription({ amount: 50, renewal_date: '2027-01-05', days_until_due: 35 }),
      ]);
      const summary = (await screen.findByText('Due this month')).parentElement!;
      const total = within(summary).getByText('$25.48');
      expect(total).toHaveClass('text-due', 'money');
    });

    it('shows Due this month $0.00 calmly, not in red, when every upcoming bill is next month', async () => {
      // Dec 1 with nothing left this month: the box says $0.00 without the alarm of money due.
      renderBills([aSubscription({ amount: 50, renewal_date: '2027-01-05', days_until_due: 35 })]);
      const summary = (await screen.findByText('Due this month')).parentElement!;
      const total = within(summary).getByText('$0.00');
      expect(total).not.toHaveClass('text-due');
      expect(summary.className).not.toMatch(/bg-due/);
    });

    it('labels each bill with when it is due and highlights the ones due within 3 days', async () => {
      renderBills([
        aSubscription({ merchant_name: 'Soon', renewal_date: '2026-12-04', days_until_due: 3 }),
        aSubscription({ merchant_name: 'One', renewal_date: '2026-12-02', days_until_due: 1 }),
        aSubscription({ merchant_name: 'Later', renewal_date: '2026-12-05', days_until_due: 4 }),
        aSubscription({ merchant_name: 'Far', renewal_date: '2026-12-31', days_until_due: 30 }),
      ]);
      expect(await screen.findByText('due in 3 days')).toHaveClass('text-due');
      expect(screen.getByText('due in 1 day')).toHaveClass('text-due');
      expect(screen.getByText('due in 4 days')).not.toHaveClass('text-due');
      expect(screen.getByText('Dec 31')).not.toHaveClass('text-due');
    });

    it('shows each amount with 2 decimals and the merchant’s letter when there is no logo', async () => {
      renderBills([
        aSubscription({ merchant_name: 'Hulu', merchant_website_url: 'hulu.com', amount: 8 }),
      ]);
      const row = await screen.findByRole('button', { name: /Hulu/ });
      expect(within(row).getByText('$8.00')).toHaveClass('money', 'text-right');
      expect(within(row).getByTestId('merchant-letter')).toHaveTextContent('H');
    });

    it('shows a bill rewards cover in part at what is left to pay, and says what rewards cover', async () => {
      renderBills([aSubscription({ merchant_name: 'Spotify', amount: 11.99, reward_credit: 10 })]);
      const row = await screen.findByRole('button', { name: /Spotify/ });
      expect(within(row).getByText('$1.99')).toHaveClass('money');
      expect(within(row).getByText('$10.00 covered by rewards')).toBeVisible();
    });

    it('says there are no upcoming bills when nothing is due', async () => {
      renderBills([aSubscription({ status: 'CANCELLED' }), aSubscription({ days_until_due: 0 })]);
      expect(await screen.findByText('No upcoming bills')).toBeVisible();
      expect(screen.getByText("You don't have any bills due in the next 7 days.")).toBeVisible();
      expect(screen.queryByText('Due this month')).not.toBeInTheDocument();
    });
  });

  describe('the All tab', () => {
    it('lists every active bill by merchant name with the average per month', async () => {
      const { user } = renderBills([
        aSubscription({ merchant_name: 'Spotify', normalized_monthly_amount: 11.99 }),
        aSubscription({ merchant_name: 'amazon', normalized_monthly_amount: 11.58 }),
        aSubscription({
          merchant_name: 'Netflix',
          days_until_due: 0,
          normalized_monthly_amount: 15.49,
        }),
        aSubscription({ merchant_name: 'Old', status: 'CANCELLED', normalized_monthly_amount: 99 }),
      ]);
      await user.click(await screen.findByRole('tab', { name: 'All' }));
      expect(rowNames(screen.getByRole('list', { name: 'All active bills' }))).toEqual([
        'amazon',
        'Netflix',
        'Spotify',
      ]);
      const summary = screen.getByText('Average per month').parentElement!;
      expect(within(summary).getByText('$39.06')).toBeVisible();
    });

    it('says how often each bill comes as well as when', async () => {
      const { user } = renderBills([aSubscription({ cadence: 'UNKNOWN', days_until_due: 3 })]);
      await user.click(await screen.findByRole('tab', { name: 'All' }));
      const row = screen.getByRole('button', { name: /Netflix/ });
      expect(row).toHaveTextContent('Unknown ·due in 3 days');
    });

    it('says there are no active subscriptions when none is active', async () => {
      const { user } = renderBills([aSubscription({ status: 'PAUSED' })]);
      await user.click(await screen.findByRole('tab', { name: 'All' }));
      expect(screen.getByText('No active subscriptions')).toBeVisible();
    });
  });

  describe('loading', () => {
    it('holds the rows’ places while the bills load', async () => {
      storeSession();
      mockApi().on(subscriptionRoutes.listAll, never);
      renderScreen(<BillsCard />);
      expect(await screen.findByRole('status')).toHaveTextContent('Loading your bills');
      expect(screen.getByRole('region', { name: 'Bills' })).toHaveAttribute('aria-busy', 'true');
    });

    it('says the bills failed to load and loads them again with Retry', async () => {
      storeSession();
      const api = mockApi().on(
        subscriptionRoutes.listAll,
        problem(500, 'internal-server-error', 'boom'),
        json(200, [aSubscription({ merchant_name: 'Hulu' })]),
      );
      const { user } = renderScreen(<BillsCard />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to load upcoming bills. Please try again.',
      );
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('button', { name: /Hulu/ })).toBeVisible();
      expect(api.requestsTo(subscriptionRoutes.listAll)).toHaveLength(2);
    });
  });

  it('opens the subscription detail popup from a row', async () => {
    const { user } = renderBills([aSubscription({ merchant_name: 'Hulu' })]);
    await user.click(await screen.findByRole('button', { name: /Hulu/ }));
    expect(await screen.findByRole('dialog', { name: 'Hulu' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Recent Payments'));
  });
});
