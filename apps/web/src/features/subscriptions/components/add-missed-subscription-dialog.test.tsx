import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionMessages, subscriptionRoutes, type MissedCandidate } from '@billow/contracts';
import { json, mockApi, never, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aSubscription } from '@test/subscriptions-helpers';
import { addMissedTexts } from './add-missed-subscription-dialog';
import { SubscriptionsSection } from './subscriptions-section';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

const gym: MissedCandidate = {
  transaction_id: '00000000-0000-4000-8000-00000000a001',
  date: '2026-11-10',
  description: 'CROSSFIT DOWNTOWN #1234',
  merchant_name: 'Crossfit Downtown',
  amount: 39.99,
  currency: 'USD',
  account: 'Chase •••• 4242',
};
const coffee: MissedCandidate = {
  ...gym,
  transaction_id: '00000000-0000-4000-8000-00000000a002',
  date: '2026-11-08',
  description: 'CORNER CAFE',
  merchant_name: 'Corner Cafe',
  amount: 4.5,
};
const page = (transactions: MissedCandidate[], number = 1, hasMore = false) =>
  json(200, { transactions, page: number, has_more: hasMore });

function renderSection(...candidates: Parameters<ReturnType<typeof mockApi>['on']>[1][]) {
  storeSession();
  const api = mockApi()
    .on(subscriptionRoutes.listAll, json(200, [aSubscription()]))
    .on(subscriptionRoutes.missedCandidates, ...candidates);
  return { ...renderScreen(<SubscriptionsSection onBack={() => {}} />), api };
}

async function openDialog(user: ReturnType<typeof renderSection>['user']) {
  await user.click(await screen.findByRole('button', { name: addMissedTexts.open }));
  return screen.findByRole('dialog', { name: addMissedTexts.title });
}

describe('Add a missed subscription', () => {
  it('lists the charges to pick from, each a button named by what, how much and when', async () => {
    const { user } = renderSection(page([gym, coffee]));
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(addMissedTexts.pickDescription);
    const list = await within(dialog).findByRole('list', { name: addMissedTexts.list });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      expect.stringContaining('CROSSFIT DOWNTOWN #1234'),
      expect.stringContaining('CORNER CAFE'),
    ]);
    expect(buttons[0]).toHaveAccessibleName(/CROSSFIT DOWNTOWN #1234.*\$39\.99/);
  });

  it('searches by merchant or description and pages on with Show more', async () => {
    const { user, api } = renderSection(page([gym], 1, true), page([coffee], 2));
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: addMissedTexts.more }));
    expect(await within(dialog).findByText('CORNER CAFE')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: addMissedTexts.more })).toBeNull();

    api.on(subscriptionRoutes.missedCandidates, page([]));
    await user.type(within(dialog).getByRole('searchbox', { name: addMissedTexts.search }), 'gym');
    expect(await within(dialog).findByText(addMissedTexts.noMatch('gym'))).toBeVisible();
    const asked = api.requestsTo(subscriptionRoutes.missedCandidates).map((r) => r.path);
    expect(asked).toContain(`${subscriptionRoutes.missedCandidates.path}?page=2`);
    expect(asked.at(-1)).toBe(`${subscriptionRoutes.missedCandidates.path}?page=1&q=gym`);
  });

  it('says so when there is nothing to add', async () => {
    const { user } = renderSection(page([]));
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(addMissedTexts.empty);
  });

  it('says the charges could not load, and tries again', async () => {
    const { user } = renderSection(problem(500, 'internal-server-error', 'Down.'), page([gym]));
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      subscriptionMessages.loadMissedCandidatesFailed,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('CROSSFIT DOWNTOWN #1234')).toBeVisible();
  });

  it('adds the picked charge with the name and cadence chosen, by keyboard, then closes', async () => {
    const { user, api } = renderSection(page([gym]));
    api.on(
      subscriptionRoutes.addMissed,
      json(200, aSubscription({ merchant_name: 'CrossFit', is_user_added: true })),
    );
    const dialog = await openDialog(user);
    await within(dialog).findByText('CROSSFIT DOWNTOWN #1234');
    // Tab from the search box to the first charge, and pick it with Enter.
    within(dialog).getByRole('searchbox').focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: /CROSSFIT/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    const name = within(dialog).getByRole('textbox', { name: addMissedTexts.name });
    expect(name).toHaveValue('Crossfit Downtown');
    await user.clear(name);
    await user.type(name, 'CrossFit');
    const cadence = within(dialog).getByRole('combobox', { name: addMissedTexts.cadence });
    expect(cadence).toHaveValue('MONTHLY');
    expect(within(cadence).queryByRole('option', { name: 'Unknown' })).toBeNull();
    await user.selectOptions(cadence, 'Every 2 weeks');
    await user.click(within(dialog).getByRole('button', { name: addMissedTexts.add }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(subscriptionRoutes.addMissed).map((r) => r.body)).toEqual([
      { transactionId: gym.transaction_id, name: 'CrossFit', cadence: 'BIWEEKLY' },
    ]);
    expect(await screen.findByText(addMissedTexts.added)).toBeVisible();
  });

  it('says a charge already in a subscription cannot be added again, and keeps the form', async () => {
    const { user, api } = renderSection(page([gym]));
    api.on(
      subscriptionRoutes.addMissed,
      problem(409, 'conflict', 'Taken.', {}, 'transaction-already-in-subscription'),
    );
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: /CROSSFIT/ }));
    await user.click(within(dialog).getByRole('button', { name: addMissedTexts.add }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      subscriptionMessages.addMissedTaken,
    );
    expect(within(dialog).getByRole('textbox', { name: addMissedTexts.name })).toBeVisible();
  });

  it('says other failures plainly, and Back returns to the list', async () => {
    const { user, api } = renderSection(page([gym]));
    api.on(subscriptionRoutes.addMissed, problem(500, 'internal-server-error', 'Down.'));
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: /CROSSFIT/ }));
    await user.click(within(dialog).getByRole('button', { name: addMissedTexts.add }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      subscriptionMessages.addMissedFailed,
    );
    await user.click(within(dialog).getByRole('button', { name: addMissedTexts.back }));
    expect(within(dialog).getByRole('list', { name: addMissedTexts.list })).toBeVisible();
  });

  it('keeps Add disabled while the name is blank', async () => {
    const { user } = renderSection(page([gym]), never);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: /CROSSFIT/ }));
    await user.clear(within(dialog).getByRole('textbox', { name: addMissedTexts.name }));
    expect(within(dialog).getByRole('button', { name: addMissedTexts.add })).toBeDisabled();
  });
});
