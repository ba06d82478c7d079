import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type Subscription } from '@billow/contracts';
import { json, mockApi, never, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aPayment, aSubscription } from '@test/subscriptions-helpers';
import { SubscriptionsSection } from './subscriptions-section';

/** Every test runs on Dec 1, 2026. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

function renderSection(subscriptions: Subscription[], api = mockApi()) {
  storeSession();
  api.on(subscriptionRoutes.listAll, json(200, subscriptions));
  const onBack = vi.fn();
  return { ...renderScreen(<SubscriptionsSection onBack={onBack} />), api, onBack };
}

/** The list item that names `merchant`. */
async function rowOf(merchant: string) {
  const list = await screen.findByRole('list', { name: 'Your subscriptions' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.querySelector('p')?.textContent === merchant)!;
}

describe(SubscriptionsSection.name, () => {
  it('has the page heading Subscriptions and goes back with Back to home', async () => {
    const { user, onBack } = renderSection([aSubscription()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('totals the monthly spend over ACTIVE, MONTHLY subscriptions and counts the ACTIVE ones', async () => {
    renderSection([
      aSubscription({ amount: 15.49, cadence: 'MONTHLY', status: 'ACTIVE' }),
      aSubscription({ amount: 10.5, cadence: 'MONTHLY', status: 'ACTIVE' }),
      aSubscription({ amount: 99, cadence: 'YEARLY', status: 'ACTIVE' }),
      aSubscription({ amount: 20, cadence: 'MONTHLY', status: 'PAUSED' }),
      aSubscription({ amount: 30, cadence: 'MONTHLY', status: 'CANCELLED' }),
    ]);
    const spend = await screen.findByText('Monthly total spend');
    expect(spend.nextElementSibling).toHaveTextContent('$25.99');
    expect(screen.getByText('Active subscriptions').nextElementSibling).toHaveTextContent('3');
  });

  it('says what each figure counts, with every plan as a monthly equivalent beside it', async () => {
    renderSection([
      aSubscription({
        amount: 15.49,
        normalized_monthly_amount: 15.49,
        cadence: 'MONTHLY',
        status: 'ACTIVE',
      }),
      aSubscription({ amount: 120, normalized_monthly_amount: 10, cadence: 'YEARLY' }),
      aSubscription({ amount: 10, normalized_monthly_amount: 43.33, cadence: 'WEEKLY' }),
      aSubscription({ amount: 20, normalized_monthly_amount: 20, status: 'CANCELLED' }),
    ]);
    expect(
      await screen.findByText('Monthly-billed plans only, bills such as rent included'),
    ).toBeVisible();
    expect(screen.getByText('Average per month').nextElementSibling).toHaveTextContent('$68.82');
    expect(
      screen.getByText(
        'Every active plan and bill, weekly and yearly ones as a monthly equivalent',
      ),
    ).toBeVisible();
  });

  it('shows each subscription’s name, letter, amount without sign, cadence and renewal date', async () => {
    renderSection([
      aSubscription({
        merchant_name: 'Netflix',
        amount: -15.5,
        cadence: 'MONTHLY',
        renewal_date: '2026-12-04',
      }),
      aSubscription({ merchant_name: 'Gym', cadence: 'UNKNOWN', renewal_date: null }),
      aSubscription({ merchant_name: 'Odd', renewal_date: 'someday' }),
    ]);
    const netflix = await rowOf('Netflix');
    expect(within(netflix).getByTestId('merchant-letter')).toHaveTextContent('N');
    expect(within(netflix).getByText('$15.50')).toHaveClass('money', 'text-right');
    expect(netflix).toHaveTextContent('Monthly · Next renewal: Dec 4, 2026');
    expect(await rowOf('Gym')).toHaveTextContent('Unknown · Next renewal: Unknown');
    expect(await rowOf('Odd')).toHaveTextContent('Next renewal: Invalid date');
  });

  it('marks the status in words: Active green, Paused yellow, Cancelled red, anything else grey', async () => {
    renderSection([
      aSubscription({ merchant_name: 'A', status: 'ACTIVE' }),
      aSubscription({ merchant_name: 'B', status: 'PAUSED' }),
      aSubscription({ merchant_name: 'C', status: 'CANCELLED' }),
      aSubscription({ merchant_name: 'D', status: 'FREE_TRIAL' }),
    ]);
    const badge = async (merchant: string, label: string) =>
      within(await rowOf(merchant))
        .getByText(label)
        .closest('[data-tone]');
    expect(await badge('A', 'Active')).toHaveAttribute('data-tone', 'success');
    expect(await badge('B', 'Paused')).toHaveAttribute('data-tone', 'warning');
    expect(await badge('C', 'Cancelled')).toHaveAttribute('data-tone', 'danger');
    expect(await badge('D', 'Free trial')).toHaveAttribute('data-tone', 'neutral');
  });

  it('shows a price increase and the reasons Billow thinks it is a subscription', async () => {
    renderSection([
      aSubscription({
        is_price_increase: true,
        previous_amount: 13.99,
        amount: 15.49,
        evidence: ['Charged monthly since March'],
      }),
    ]);
    const row = await rowOf('Netflix');
    expect(within(row).getByText('Price went up from $13.99 to $15.49')).toBeVisible();
    const why = within(row).getByRole('list', { name: 'Why we think this is a subscription' });
    expect(why).toHaveTextContent('Charged monthly since March');
  });

  it('lists the subscriptions by name in a list that scrolls with the page, each row’s payments in a box of their own', async () => {
    renderSection([
      aSubscription({ merchant_name: 'Spotify' }),
      aSubscription({ merchant_name: 'Hulu' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your subscriptions' });
    // Not a scroll box inside the page: the page scrolls, once.
    expect(list).not.toHaveClass('overflow-y-auto');
    expect(list.className).not.toMatch(/max-h-/);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.querySelector('p')?.textContent),
    ).toEqual(['Hulu', 'Spotify']);
    // The list with a scrollable maximum height is a row's payments; its screen-reader-only
    // texts are absolutely placed, so the box is their positioning context.
    const toggle = within(list).getByRole('button', { name: 'Payments for Hulu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('overflow-y-auto', 'relative');
    expect(panel.className).toMatch(/max-h-/);
  });

  describe('payments', () => {
    it('loads a subscription’s payments on the first opening and reads the cache after that', async () => {
      const netflix = aSubscription({ merchant_name: 'Netflix' });
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        json(200, { transaction_details: [aPayment(netflix, { date: '2026-11-04' })] }),
      );
      const { user } = renderSection([netflix], api);
      const toggle = await screen.findByRole('button', { name: 'Payments for Netflix' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(api.requestsTo(subscriptionRoutes.transactionDetails)).toHaveLength(0);

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const payments = await screen.findByRole('list', { name: 'Netflix payments' });
      expect(payments).toHaveTextContent('Paid November 4th$15.49');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('list', { name: 'Netflix payments' })).not.toBeInTheDocument();

      await user.click(toggle);
      expect(screen.getByRole('list', { name: 'Netflix payments' })).toBeVisible();
      expect(api.requestsTo(subscriptionRoutes.transactionDetails)).toHaveLength(1);
    });

    it('loads each subscription’s payments for that subscription only', async () => {
      const netflix = aSubscription({ merchant_name: 'Netflix' });
      const hulu = aSubscription({ merchant_name: 'Hulu' });
      const api = mockApi().on(subscriptionRoutes.transactionDetails, (request) => {
        const { subscriptionId } = request.body as { subscriptionId: string };
        const owner = subscriptionId === hulu.id ? hulu : netflix;
        return json(200, { transaction_details: [aPayment(owner)] })(request);
      });
      const { user } = renderSection([netflix, hulu], api);
      await user.click(await screen.findByRole('button', { name: 'Payments for Hulu' }));
      await screen.findByRole('list', { name: 'Hulu payments' });
      expect(screen.queryByRole('list', { name: 'Netflix payments' })).not.toBeInTheDocument();
      expect(api.requestsTo(subscriptionRoutes.transactionDetails)[0]!.body).toEqual({
        subscriptionId: hulu.id,
      });
    });

    it('says when a subscription’s payments fail to load, with Try again', async () => {
      const api = mockApi().on(
        subscriptionRoutes.transactionDetails,
        problem(500, 'internal-server-error', 'boom'),
      );
      const { user } = renderSection([aSubscription()], api);
      await user.click(await screen.findByRole('button', { name: 'Payments for Netflix' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Error loading transactions');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  });

  it('says so when no subscription has been found yet and offers to link an account', async () => {
    const { user, router } = renderSection([]);
    expect(
      await screen.findByRole('heading', { name: 'No subscriptions found yet' }),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Link an account' }));
    expect(router.state.location.pathname).toBe('/link');
  });

  it('holds the place while loading', async () => {
    storeSession();
    mockApi().on(subscriptionRoutes.listAll, never);
    renderScreen(<SubscriptionsSection onBack={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your subscriptions');
  });

  it('says the subscriptions failed to load and loads them again on Try again', async () => {
    storeSession();
    mockApi().on(
      subscriptionRoutes.listAll,
      problem(503, 'external-service', 'down'),
      json(200, [aSubscription({ merchant_name: 'Hulu' })]),
    );
    const { user } = renderScreen(<SubscriptionsSection onBack={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load subscriptions. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Hulu')).toBeVisible());
  });
});
