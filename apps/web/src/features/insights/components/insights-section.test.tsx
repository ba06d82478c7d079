import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarRoutes,
  insightRoutes,
  type MonthlySpend,
  type PriceIncrease,
  type Subscription,
} from '@billow/contracts';
import { json, mockApi, problem, type Reply } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { InsightsSection } from './insights-section';

/** Every test runs on Nov 20, 2026. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 9, 30));
});

const months: MonthlySpend[] = [
  {
    month: '2026-10',
    total: 105.49,
    categories: [
      { category: 'utilities', amount: 90 },
      { category: 'streaming', amount: 15.49 },
    ],
  },
  {
    month: '2026-11',
    total: 100,
    categories: [{ category: 'utilities', amount: 100 }],
  },
];

const increase = (over: Partial<PriceIncrease>): PriceIncrease => ({
  subscription_id: 'xfinity',
  merchant_name: 'Xfinity',
  merchant_website_url: null,
  cadence: 'MONTHLY',
  previous_amount: 90,
  amount: 100,
  changed_on: '2026-10-05',
  increase_per_year: 120,
  is_negotiable: true,
  ...over,
});

/** A bill as the bills list sends it (only the fields the monthly figure reads matter here). */
const aBill = (over: Partial<Subscription>): Subscription => ({
  id: `bill-${Math.random()}`,
  merchant_name: 'Netflix',
  merchant_website_url: null,
  amount: 17.99,
  currency: 'USD',
  status: 'ACTIVE',
  cadence: 'MONTHLY',
  renewal_date: '2026-12-05',
  payment_method: null,
  cancel_date: null,
  is_billow_managed: false,
  user_marked_not_subscription: false,
  category: 'streaming',
  days_until_due: 15,
  normalized_monthly_amount: 17.99,
  is_atomic_manage_eligible: false,
  evidence: [],
  is_price_increase: false,
  previous_amount: null,
  confidence: 0.9,
  reward_credit: 0,
  is_user_added: false,
  ...over,
});

function renderInsights({
  history = json(200, { months }),
  increases = json(200, [
    increase({}),
    increase({
      subscription_id: 'spotify',
      merchant_name: 'Spotify',
      previous_amount: 10.99,
      amount: 11.99,
      increase_per_year: 12,
      is_negotiable: false,
    }),
  ]),
  stillDue = json(200, [
    {
      subscription_id: 'netflix',
      merchant_name: 'Netflix',
      merchant_website_url: null,
      amount: 15.49,
      date: '2026-11-28',
      cadence: 'MONTHLY',
      category: 'streaming',
      reward_credit: 0,
    },
  ]),
  bills,
}: { history?: Reply; increases?: Reply; stillDue?: Reply; bills?: Subscription[] } = {}) {
  storeSession();
  const api = mockApi()
    .on(insightRoutes.spendingHistory, history)
    .on(insightRoutes.priceIncreases, increases)
    .on(calendarRoutes.upcoming, stillDue);
  const onNegotiate = vi.fn();
  return {
    api,
    onNegotiate,
    ...renderScreen(<InsightsSection onBack={() => {}} onNegotiate={onNegotiate} bills={bills} />),
  };
}

describe(InsightsSection.name, () => {
  it('says what the person pays a month, the figure the bills card shows, above the history', async () => {
    renderInsights({
      bills: [
        aBill({ normalized_monthly_amount: 17.99 }),
        aBill({ cadence: 'WEEKLY', amount: 79.99, normalized_monthly_amount: 346.62 }),
        aBill({ status: 'CANCELLED', normalized_monthly_amount: 18.99 }),
      ],
    });
    const figure = await screen.findByRole('region', { name: 'What you pay a month' });
    expect(figure).toHaveTextContent('You pay $364.61 a month');
    expect(figure).toHaveTextContent(
      'for your 2 active subscriptions and bills, weekly and yearly ones at their monthly equivalent',
    );
  });

  it('says what the charts show, with the numbers in tables', async () => {
    const user = userEvent.setup();
    renderInsights();
    expect(
      await screen.findByText(
        'Over the last 2 months your subscriptions and bills cost $205.49, $102.75 a month on average. Utilities cost the most, $190.00. The costliest month was October 2026, at $105.49.',
      ),
    ).toBeInTheDocument();
    // This month: paid so far plus what is still due.
    expect(
      await screen.findByText(
        'This month comes to $115.49: Utilities $100.00 (87%), Streaming $15.49 (13%).',
      ),
    ).toBeInTheDocument();
    const [byMonth] = screen.getAllByText('Show the numbers');
    await user.click(byMonth!);
    const table = screen.getByRole('table', { name: 'Spending by month and category' });
    const october = within(table).getByRole('row', { name: /Oct 2026/ });
    expect(
      within(october)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$90.00', '$15.49', '$105.49']);
  });

  it('lists the price increases with a way to negotiate the ones Billow can', async () => {
    const user = userEvent.setup();
    const { onNegotiate } = renderInsights();
    const list = await screen.findByRole('list', { name: 'Price increases' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Xfinity$90.00 → $100.00 since Oct 5+$120.00 a year');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Together they cost you $132.00 more a year.')).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Negotiate Xfinity' }));
    expect(onNegotiate).toHaveBeenCalledWith('xfinity');
  });

  it('shows this month as paid so far when what is still due fails to load', async () => {
    renderInsights({ stillDue: problem(500, 'internal-server-error', 'Broke') });
    expect(
      await screen.findByText('This month comes to $100.00: Utilities $100.00 (100%).'),
    ).toBeInTheDocument();
  });

  it('shows the empty states, and a retry when the history fails', async () => {
    const user = userEvent.setup();
    renderInsights({
      history: problem(500, 'internal-server-error', 'Broke'),
      increases: json(200, []),
    });
    expect(await screen.findByText('No price increases')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to load your spending. Please try again.'),
    ).toBeInTheDocument();
    mockApi()
      .on(insightRoutes.spendingHistory, json(200, { months: [] }))
      .on(insightRoutes.priceIncreases, json(200, []));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No spending yet')).toBeInTheDocument();
  });
});
