import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  rewardOptions,
  rewardRoutes,
  type RewardChoice,
  type RewardHistory,
  type RewardTransaction,
} from '@billow/contracts';
import { json, mockApi, never, problem, type Reply } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { REWARD_CHOICE_STORAGE_KEY } from '../use-reward-choice';
import { RewardsCard } from './rewards-card';
import { RewardsSection } from './rewards-section';

let nextId = 1;
function anEntry(overrides: Partial<RewardTransaction> = {}): RewardTransaction {
  return {
    id: `entry-${nextId++}`,
    service: 'Verizon',
    amount: 12,
    date: '2026-11-20',
    type: 'NEGOTIATION',
    merchant_website_url: 'verizon.com',
    description: 'Earned for negotiating your Verizon bill',
    merchant_id: null,
    bill_date: null,
    is_returnable: false,
    ...overrides,
  };
}

const netflixBill = {
  subscription_id: 'sub-netflix',
  date: '2026-12-03',
  amount: 17.99,
  was_put_back: false,
};
/** The six reward options as the server names them: video streaming is the person's Netflix. */
function theChoices(
  overrides: Partial<Record<string, Partial<RewardChoice>>> = {},
): RewardChoice[] {
  return rewardOptions.map((o) => ({
    id: o.id,
    name: o.id === 'video-streaming' ? 'Netflix' : o.name,
    kind: o.name,
    price: o.price,
    bill: o.id === 'video-streaming' ? netflixBill : null,
    ...overrides[o.id],
  }));
}
const page = (transactions: RewardTransaction[], more: Partial<RewardHistory> = {}) =>
  json(200, {
    transactions,
    page: 1,
    page_size: 20,
    total: transactions.length,
    has_more: false,
    ...more,
  });

function renderSection({
  balance = json(200, 12),
  lifetime = json(200, 30),
  next = json(200, { name: 'Spotify', amount: 11.99 }),
  history = page([anEntry()]),
  choices = json(200, theChoices()),
  isAutoApplyEnabled = false,
}: {
  balance?: Reply;
  lifetime?: Reply;
  next?: Reply;
  history?: Reply;
  choices?: Reply;
  isAutoApplyEnabled?: boolean;
} = {}) {
  storeSession();
  const api = mockApi()
    .on(rewardRoutes.balance, balance)
    .on(rewardRoutes.lifetimeAccrued, lifetime)
    .on(rewardRoutes.nextReward, next)
    .on(rewardRoutes.history, history)
    .on(rewardRoutes.choices, choices);
  const onBack = vi.fn();
  const rendered = renderScreen(
    <RewardsSection onBack={onBack} isAutoApplyEnabled={isAutoApplyEnabled} />,
  );
  return { ...rendered, api, onBack };
}

const progressBar = () => screen.getByRole('progressbar', { name: /Progress toward/ });

beforeEach(() => localStorage.clear());

describe(RewardsSection.name, () => {
  it('shows the balance, lifetime accrued, and one next reward: the chosen one, named after the person’s bill', async () => {
    renderSection({ isAutoApplyEnabled: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
    expect(await screen.findByLabelText('Balance $12.00')).toBeVisible();
    expect(screen.getByLabelText('Lifetime accrued $30.00')).toBeVisible();
    const figures = screen.getByRole('region', { name: 'Rewards figures' });
    await waitFor(() => expect(figures).toHaveTextContent('Netflix · $15.99'));
    expect(figures).toHaveTextContent(
      'Auto-apply is on: once your balance covers it, it is claimed for you and comes off your next Netflix bill.',
    );
    // The server's next reward (another bill) is not a second, competing reward.
    expect(screen.queryByText(/Spotify/)).not.toBeInTheDocument();
    expect(progressBar()).toHaveAccessibleName('Progress toward Netflix');
  });

  it('measures progress toward video streaming at 15.99 until another reward is chosen', async () => {
    renderSection({
      balance: json(200, 12),
      choices: json(
        200,
        theChoices({ 'video-streaming': { name: 'Video streaming', bill: null } }),
      ),
    });
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '75'));
    expect(progressBar()).toHaveAccessibleName('Progress toward Video streaming');
    expect(screen.queryByText('Ready to claim!')).not.toBeInTheDocument();
    expect(screen.getByText(/to go/)).toHaveTextContent('$3.99 to go');
  });

  it('caps the progress at 100 %, says Ready to claim! and claims it toward that bill', async () => {
    const { api, user } = renderSection({ balance: json(200, 40) });
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getByText('Ready to claim!')).toBeVisible();
    expect(screen.getByText(/comes off your Netflix bill of Dec 3/)).toBeVisible();
    api.on(
      rewardRoutes.claim,
      json(
        200,
        anEntry({
          type: 'REWARD',
          amount: -15.99,
          description: 'Reward applied toward your Netflix bill of Dec 3',
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Claim $15.99 toward Netflix' }));
    await waitFor(() => expect(api.requestsTo(rewardRoutes.claim)).toHaveLength(1));
    expect(api.requestsTo(rewardRoutes.claim)[0]!.body).toEqual({ option_id: 'video-streaming' });
  });

  it('never says Ready to claim! with nothing to claim it on', async () => {
    renderSection({
      balance: json(200, 40),
      choices: json(200, theChoices({ 'video-streaming': { bill: null } })),
    });
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '100'));
    expect(await screen.findByText('No Netflix bill to claim it on right now.')).toBeVisible();
    expect(screen.queryByText('Ready to claim!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Claim/ })).not.toBeInTheDocument();
  });

  it('claims for the person with auto-apply on, once, and never a bill whose claim they put back', async () => {
    const claimed = json(200, anEntry({ type: 'REWARD', amount: -15.99 }));
    const first = renderSection({ balance: json(200, 40), isAutoApplyEnabled: true });
    first.api.on(rewardRoutes.claim, claimed);
    await waitFor(() => expect(first.api.requestsTo(rewardRoutes.claim)).toHaveLength(1));
    first.unmount();

    const putBack = renderSection({
      balance: json(200, 40),
      isAutoApplyEnabled: true,
      choices: json(
        200,
        theChoices({ 'video-streaming': { bill: { ...netflixBill, was_put_back: true } } }),
      ),
    });
    putBack.api.on(rewardRoutes.claim, claimed);
    expect(
      await screen.findByRole('button', { name: 'Claim $15.99 toward Netflix' }),
    ).toBeVisible();
    expect(putBack.api.requestsTo(rewardRoutes.claim)).toHaveLength(0);
  });

  it('offers the six rewards at their fixed prices, disabled while the balance is below them', async () => {
    renderSection({ balance: json(200, 10.99) });
    const options = await screen.findByRole('group', { name: 'Change reward' });
    const radios = within(options).getAllByRole('radio');
    expect(radios).toHaveLength(6);
    // Named after the person's own bill where they have one.
    expect(within(options).getByRole('radio', { name: /^Netflix Video streaming/ })).toBeChecked();
    for (const option of rewardOptions) {
      const radio = within(options).getByRole('radio', {
        name: new RegExp(option.id === 'video-streaming' ? 'Netflix' : `^${option.name}`),
      });
      expect(radio.closest('label')).toHaveTextContent(`$${option.price.toFixed(2)}/mo`);
      if (option.price <= 10.99) expect(radio).toBeEnabled();
      else expect(radio).toBeDisabled();
    }
    // The default stays marked though the balance does not reach it yet.
    expect(within(options).getByRole('radio', { name: /^Netflix/ })).toBeChecked();
  });

  it('keeps the chosen reward in local storage and measures progress toward it', async () => {
    const { user } = renderSection({ balance: json(200, 6) });
    const options = await screen.findByRole('group', { name: 'Change reward' });
    await user.click(within(options).getByRole('radio', { name: /Developer tools pro/ }));
    expect(localStorage.getItem(REWARD_CHOICE_STORAGE_KEY)).toBe('developer-tools-pro');
    expect(progressBar()).toHaveAccessibleName('Progress toward Developer tools pro');
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
    // No developer-tools bill of the person's: nothing to claim.
    expect(screen.getByText('No developer tools pro bill to claim it on right now.')).toBeVisible();
  });

  it('starts from the reward chosen on an earlier visit', async () => {
    localStorage.setItem(REWARD_CHOICE_STORAGE_KEY, 'music-streaming');
    renderSection({ balance: json(200, 5) });
    await waitFor(() =>
      expect(progressBar()).toHaveAccessibleName('Progress toward Music streaming'),
    );
    expect(progressBar()).toHaveAttribute('aria-valuenow', '50');
  });

  it('lists the real history, credits and debits apart', async () => {
    const { api, user } = renderSection({
      history: page([
        anEntry({
          type: 'REWARD',
          amount: -11.99,
          service: 'Spotify',
          description: 'Reward applied toward your Spotify bill of Dec 3',
          bill_date: '2026-12-03',
          is_returnable: true,
        }),
        anEntry(),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Rewards history' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Reward applied toward your Spotify bill of Dec 3');
    expect(items[0]).toHaveTextContent('−$11.99');
    expect(items[0]).toHaveTextContent('Reward applied · Nov 20, 2026');
    expect(items[1]).toHaveTextContent('+$12.00');
    expect(items[1]).toHaveTextContent('Negotiation');
    // A claim whose bill is not charged yet can be put back; an earned reward cannot.
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    api.on(rewardRoutes.returnClaim, json(200, anEntry({ type: 'REWARD', amount: 11.99 })));
    await user.click(
      within(items[0]!).getByRole('button', { name: 'Put back $11.99 from Spotify' }),
    );
    await waitFor(() => expect(api.requestsTo(rewardRoutes.returnClaim)).toHaveLength(1));
    expect(api.requestsTo(rewardRoutes.returnClaim)[0]!.body).toEqual({
      transaction_id: items[0] && expect.any(String),
    });
  });

  it('loads more history a page at a time', async () => {
    const { api, user } = renderSection({
      history: page([anEntry({ description: 'First page' })], { total: 2, has_more: true }),
    });
    await screen.findByText('First page');
    api.on(
      rewardRoutes.history,
      page([anEntry({ description: 'Second page' })], { page: 2, total: 2 }),
    );
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Second page')).toBeVisible();
    expect(screen.getByText('First page')).toBeVisible();
    expect(api.requestsTo(rewardRoutes.history).map((r) => r.path)).toEqual([
      `${rewardRoutes.history.path}?page=1&page_size=20`,
      `${rewardRoutes.history.path}?page=2&page_size=20`,
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says how to earn when there is no history yet', async () => {
    renderSection({ balance: json(200, 0), lifetime: json(200, 0), history: page([]) });
    expect(await screen.findByText('No rewards yet')).toBeVisible();
    expect(screen.getByText(/when Billow lowers one of your bills/)).toBeVisible();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows the history as loading while it is on its way', async () => {
    renderSection({ history: never });
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByLabelText('Balance $12.00')).toBeVisible();
    expect(history).toHaveAttribute('aria-busy', 'true');
    expect(within(history).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says Failed to load rewards data when the history fails, and tries again', async () => {
    const { api, user } = renderSection({
      history: problem(500, 'internal-server-error', 'Down'),
    });
    const alert = await screen.findByText('Failed to load rewards data. Please try again.');
    expect(alert).toHaveAttribute('role', 'alert');
    api.on(rewardRoutes.history, page([anEntry({ description: 'Back again' })]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeVisible();
  });

  it('says Failed to load rewards data when a figure fails, and retries it', async () => {
    const { api, user } = renderSection({
      balance: problem(500, 'internal-server-error', 'Down'),
      history: page([]),
    });
    expect(await screen.findByText('Failed to load rewards data. Please try again.')).toBeVisible();
    api.on(rewardRoutes.balance, json(200, 3));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Balance $3.00')).toBeVisible();
  });

  it('tells the person auto-apply is off when it is', async () => {
    renderSection({ isAutoApplyEnabled: false });
    expect(
      await screen.findByText(
        'Once your balance covers it, claim it and it comes off your next Netflix bill. Auto-apply is off.',
      ),
    ).toBeVisible();
  });

  it('goes back home', async () => {
    const { onBack, user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe(RewardsCard.name, () => {
  it('shows the balance and its progress, and opens the rewards section', async () => {
    storeSession();
    mockApi()
      .on(rewardRoutes.balance, json(200, 8))
      .on(rewardRoutes.choices, json(200, theChoices()));
    const onOpen = vi.fn();
    const { user } = renderScreen(<RewardsCard onOpen={onOpen} />);
    const card = screen.getByRole('region', { name: 'Rewards' });
    await waitFor(() => expect(card).toHaveTextContent('$8.00 toward a free subscription'));
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await user.click(within(card).getByRole('button', { name: 'See rewards' }));
    expect(onOpen).toHaveBeenCalled();
  });

  it('says Failed to load rewards data when the balance fails', async () => {
    storeSession();
    mockApi()
      .on(rewardRoutes.balance, problem(500, 'internal-server-error', 'Down'))
      .on(rewardRoutes.choices, json(200, theChoices()));
    renderScreen(<RewardsCard onOpen={vi.fn()} />);
    expect(await screen.findByText('Failed to load rewards data. Please try again.')).toBeVisible();
  });
});
