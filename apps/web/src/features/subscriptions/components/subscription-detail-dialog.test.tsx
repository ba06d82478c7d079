import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type Subscription } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aPayment, aSubscription, monthlyPayments } from '@test/subscriptions-helpers';
import { BillsCard } from './bills-card';
import { SubscriptionsSection } from './subscriptions-section';

/** Every test runs on Dec 1, 2026. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

const netflix = aSubscription({
  merchant_name: 'Netflix',
  category: 'meal_kit',
  amount: 15.49,
  renewal_date: '2026-12-04',
  days_until_due: 3,
  evidence: ['Charged on the 4th of every month since March', 'Same amount each time'],
});

/** Opens the popup for `subscription` from the bills card. */
async function openDetail(subscription: Subscription, api = mockApi()) {
  storeSession();
  api.on(subscriptionRoutes.listAll, json(200, [subscription]));
  const rendered = renderScreen(<BillsCard />);
  await rendered.user.click(
    await screen.findByRole('button', { name: new RegExp(subscription.merchant_name) }),
  );
  return { ...rendered, api, dialog: await screen.findByRole('dialog') };
}

describe('the subscription detail popup', () => {
  it('names the merchant, with its letter, and its category in plain words', async () => {
    const { dialog } = await openDetail(netflix);
    expect(within(dialog).getByRole('heading', { name: 'Netflix' })).toBeVisible();
    expect(within(dialog).getByTestId('merchant-letter')).toHaveTextContent('N');
    expect(within(dialog).getByText('meal kit')).toBeVisible();
  });

  it('says when the next bill comes and how much it is', async () => {
    const { dialog } = await openDetail(netflix);
    expect(
      within(dialog).getByText('Upcoming billing date on Dec 4, 2026 for $15.49'),
    ).toBeVisible();
  });

  it('says Unknown when the next billing date is not known', async () => {
    const { dialog } = await openDetail(aSubscription({ renewal_date: null, days_until_due: 5 }));
    expect(within(dialog).getByText(/Upcoming billing date on Unknown for/)).toBeVisible();
  });

  it('explains why Billow thinks it is a subscription', async () => {
    const { dialog } = await openDetail(netflix);
    const why = within(dialog).getByRole('region', { name: 'Why we think this is a subscription' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(netflix.evidence);
  });

  it('says how sure Billow is, and asks to check when it is not', async () => {
    const { dialog } = await openDetail({ ...netflix, confidence: 0.92 });
    expect(within(dialog).getByTestId('confidence')).toHaveTextContent('Very sure (92%)');
  });

  it('says a subscription the person added is theirs, instead of how sure Billow is', async () => {
    const { dialog } = await openDetail({ ...netflix, confidence: 1, is_user_added: true });
    expect(within(dialog).getByTestId('confidence')).toHaveTextContent(/^Added by you$/);
  });

  it('asks the person to check a find Billow is not sure of', async () => {
    const { dialog } = await openDetail({ ...netflix, confidence: 0.41 });
    expect(within(dialog).getByTestId('confidence')).toHaveTextContent(
      'Not sure (41%): check it is one',
    );
  });

  it('points out a price increase with the old and the new price', async () => {
    const { dialog } = await openDetail(
      aSubscription({ is_price_increase: true, previous_amount: 13.99, amount: 15.49 }),
    );
    expect(within(dialog).getByText('Price went up from $13.99 to $15.49')).toBeVisible();
  });

  it('says nothing about the price when it has not gone up', async () => {
    const { dialog } = await openDetail(netflix);
    expect(within(dialog).queryByText(/Price went up/)).not.toBeInTheDocument();
  });

  describe('price over time', () => {
    it('says how the price moved, from the payments already loaded', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, {
          transaction_details: [
            aPayment(netflix, { date: '2026-11-04', amount: 17.99 }),
            aPayment(netflix, { date: '2026-10-04', amount: 17.99 }),
            aPayment(netflix, { date: '2026-09-04', amount: 15.49 }),
          ],
        }),
      );
      const { dialog } = await openDetail(netflix, api);
      const section = await within(dialog).findByRole('region', { name: 'Price over time' });
      expect(
        within(section).getByText('The price went up from $15.49 to $17.99 on Oct 4, 2026.'),
      ).toBeVisible();
      const table = within(section).getByRole('table', { name: 'Price paid on each date' });
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'DatePaid',
        'Sep 4, 2026$15.49',
        'Oct 4, 2026price changed$17.99',
        'Nov 4, 2026$17.99',
      ]);
      expect(api.requestsTo(subscriptionRoutes.transactionDetails)).toHaveLength(1);
    });

    it('is left out with a single payment', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, { transaction_details: [aPayment(netflix)] }),
      );
      const { dialog } = await openDetail(netflix, api);
      await within(dialog).findByRole('list', { name: 'Netflix payments' });
      expect(within(dialog).queryByText('Price over time')).not.toBeInTheDocument();
    });
  });

  describe('recent payments', () => {
    it('lists the 12 newest as Paid, a date like March 3rd and the amount, with the cadence', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, {
          // Sent oldest first and 14 of them: the popup sorts and keeps the newest 12.
          transaction_details: monthlyPayments(netflix, 14, { year: 2026, month: 11 }).reverse(),
        }),
      );
      const { dialog } = await openDetail(netflix, api);
      const payments = await within(dialog).findByRole('list', { name: 'Netflix payments' });
      const rows = within(payments).getAllByRole('listitem');
      expect(rows).toHaveLength(12);
      expect(rows[0]).toHaveTextContent('Paid November 3rd$10.00');
      expect(rows[8]).toHaveTextContent('Paid March 3rd$18.00');
      expect(rows[11]).toHaveTextContent('Paid December 3rd, 2025$21.00');
      expect(within(dialog).getByText('Monthly')).toBeVisible();
      expect(api.requestsTo(subscriptionRoutes.transactionDetails)[0]!.body).toEqual({
        subscriptionId: netflix.id,
      });
    });

    it('shows a refund-signed amount as its size', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, { transaction_details: [aPayment(netflix, { amount: -15.49 })] }),
      );
      const { dialog } = await openDetail(netflix, api);
      expect(await within(dialog).findByText('$15.49')).toBeVisible();
    });

    it('says when there are no recent transactions', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, { transaction_details: [] }),
      );
      const { dialog } = await openDetail(netflix, api);
      expect(await within(dialog).findByText('No recent transactions found')).toBeVisible();
    });

    it('says the transactions failed to load and loads them again on Try again', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        problem(500, 'internal-server-error', 'boom'),
        json(200, { transaction_details: [aPayment(netflix, { date: '2026-11-04' })] }),
      );
      const { dialog, user } = await openDetail(netflix, api);
      expect(await within(dialog).findByText('Error loading transactions')).toHaveAttribute(
        'role',
        'alert',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByText('November 4th')).toBeVisible();
    });
  });

  it('closes with Close', async () => {
    const { user, dialog } = await openDetail(netflix);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /Netflix/ })).toHaveFocus());
  });

  describe('Not a subscription?', () => {
    it('asks first, and Cancel leaves the service where it was', async () => {
      const { user, dialog, api } = await openDetail(netflix);
      await user.click(within(dialog).getByRole('button', { name: 'Not a subscription?' }));
      const confirm = await screen.findByRole('alertdialog', {
        name: 'Mark as not a subscription',
      });
      expect(confirm).toHaveTextContent('Remove the service from your list of bills?');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(api.requestsTo(subscriptionRoutes.remove)).toHaveLength(0);
      expect(screen.getByRole('dialog', { name: 'Netflix' })).toBeVisible();
    });

    it('removes the service from every list on Confirm and says so, without an Undo', async () => {
      storeSession();
      const hulu = aSubscription({ merchant_name: 'Hulu', days_until_due: 9 });
      const api = mockApi()
        .on(subscriptionRoutes.listAll, json(200, [netflix, hulu]), json(200, [hulu]))
        .on(subscriptionRoutes.remove, json(200, { success: true }));
      const { user } = renderScreen(
        <>
          <BillsCard />
          <SubscriptionsSection onBack={vi.fn()} />
        </>,
      );
      const list = await screen.findByRole('list', { name: 'Your subscriptions' });
      expect(within(list).getByText('Netflix')).toBeVisible();

      await user.click(screen.getByRole('button', { name: /^Netflix/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Netflix' });
      await user.click(within(dialog).getByRole('button', { name: 'Not a subscription?' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
      );

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.requestsTo(subscriptionRoutes.remove)[0]!.body).toEqual({
        subscriptionId: netflix.id,
      });
      expect(await screen.findByText('Netflix was removed from your bills')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Netflix/ })).not.toBeInTheDocument();
      expect(within(list).queryByText('Netflix')).not.toBeInTheDocument();
      expect(within(list).getByText('Hulu')).toBeVisible();
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Bills' })).toHaveFocus());
    });

    it('reloads the lifetime savings along with the subscriptions, and leaves the profile be', async () => {
      const api = mockApi().on(subscriptionRoutes.remove, json(200, { success: true }));
      const { user, dialog, queryClient } = await openDetail(netflix, api);
      const cached = { savings: ['savings', 'lifetime'], profile: ['profile', 'info'] };
      queryClient.setQueryData(cached.savings, { lifetimeSavings: 0 });
      queryClient.setQueryData(cached.profile, {});
      await user.click(within(dialog).getByRole('button', { name: 'Not a subscription?' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
      );

      await screen.findByText('Netflix was removed from your bills');
      await waitFor(() =>
        expect(queryClient.getQueryState(cached.savings)?.isInvalidated).toBe(true),
      );
      expect(queryClient.getQueryState(cached.profile)?.isInvalidated).toBe(false);
    });

    it('sends one request and raises one toast when Confirm is double-clicked', async () => {
      const api = mockApi().on(subscriptionRoutes.remove, json(200, { success: true }));
      const { user, dialog } = await openDetail(netflix, api);
      await user.click(within(dialog).getByRole('button', { name: 'Not a subscription?' }));
      await user.dblClick(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
      );
      expect(await screen.findByText('Netflix was removed from your bills')).toBeVisible();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(api.requestsTo(subscriptionRoutes.remove)).toHaveLength(1);
      expect(screen.getAllByText('Netflix was removed from your bills')).toHaveLength(1);
    });

    it('keeps the service and says so when the server cannot mark it', async () => {
      const api = mockApi().on(
        subscriptionRoutes.remove,
        problem(500, 'internal-server-error', 'boom'),
      );
      const { user, dialog } = await openDetail(netflix, api);
      await user.click(within(dialog).getByRole('button', { name: 'Not a subscription?' }));
      const confirm = await screen.findByRole('alertdialog');
      await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent(
        'Failed to mark as not a subscription. Please try again.',
      );
      // The popup waits underneath, hidden from screen readers while the question is open.
      expect(screen.getByRole('dialog', { hidden: true })).toHaveTextContent('Netflix');
    });
  });
});
