import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bankingRoutes } from '@billow/contracts';
import { json, mockApi, problem, type Reply } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { SubscriptionsLoadingScreen } from './subscriptions-loading-screen';

const notYet = json(200, { transactionsLoaded: false, isAccountLinked: true, lastSyncedAt: null });
const loaded = json(200, { transactionsLoaded: true, isAccountLinked: true, lastSyncedAt: null });
const noAccount = json(200, {
  transactionsLoaded: false,
  isAccountLinked: false,
  lastSyncedAt: null,
});

function renderLoading(...replies: Reply[]) {
  storeSession();
  const api = mockApi().on(bankingRoutes.transactionLoadStatus, ...replies);
  const rendered = renderApp(
    [
      { path: '/link', element: <SubscriptionsLoadingScreen /> },
      { path: '/', element: <h1>Dashboard</h1> },
    ],
    { at: '/link' },
  );
  const checks = () => api.requestsTo(bankingRoutes.transactionLoadStatus).length;
  return { ...rendered, checks };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

describe(SubscriptionsLoadingScreen.name, () => {
  it('checks at once, then every 5 seconds, while subscriptions load', async () => {
    const { checks } = renderLoading(notYet);
    expect(screen.getByRole('heading', { name: 'Loading Your Subscriptions' })).toBeVisible();
    await waitFor(() => expect(checks()).toBe(1));
    await wait(4000);
    expect(checks()).toBe(1);
    await wait(1000);
    expect(checks()).toBe(2);
    await wait(5000);
    expect(checks()).toBe(3);
  });

  it('shows its progress as steps, the current one marked for screen readers too', async () => {
    renderLoading(notYet);
    const steps = screen.getByRole('list', { name: 'Progress' });
    const current = () =>
      Array.from(steps.querySelectorAll('[aria-current="step"]')).map((step) => step.textContent);
    expect(current()).toEqual(['Connecting to your bank…']);
    await wait(4000);
    expect(current()).toEqual(['Reading your transactions…']);
    await wait(4000);
    expect(current()).toEqual(['Finding your subscriptions…']);
    expect(steps).toHaveTextContent(/Connecting to your bank \(done\)/);
    expect(steps).toHaveTextContent(/Reading your transactions \(done\)/);
  });

  it('says so while the bank is still getting the first transactions ready', async () => {
    renderLoading(
      json(200, {
        transactionsLoaded: false,
        isAccountLinked: true,
        lastSyncedAt: null,
        isBankPreparing: true,
      }),
    );
    expect(
      await screen.findByText(/Your bank is still getting your transactions ready/),
    ).toBeVisible();
    expect(screen.queryByText(/This usually takes less than a minute/)).toBeNull();
  });

  it('stops checking once the screen is gone', async () => {
    const { checks, router } = renderLoading(notYet);
    await waitFor(() => expect(checks()).toBe(1));
    await act(() => router.navigate('/elsewhere'));
    await wait(15_000);
    expect(checks()).toBe(1);
  });

  it('goes to the dashboard once transactions are loaded', async () => {
    const { checks, router } = renderLoading(notYet, loaded);
    await waitFor(() => expect(checks()).toBe(1));
    expect(router.state.location.pathname).toBe('/link');
    await wait(5000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await wait(10_000);
    expect(checks()).toBe(2);
  });

  it('goes to the dashboard at once when no account is linked', async () => {
    const { router } = renderLoading(noAccount);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says the first check failed, then goes to the dashboard', async () => {
    const { router, checks } = renderLoading(problem(500, 'internal-server-error', 'boom'));
    expect(await screen.findByRole('heading', { name: 'Loading Error' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to check initial transaction status',
    );
    await wait(3000);
    expect(router.state.location.pathname).toBe('/link');
    await wait(1000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(checks()).toBe(1);
  });

  it('says a later check failed, and lets the person go to the dashboard now', async () => {
    const { router, user } = renderLoading(notYet, problem(502, 'external-service', 'down'));
    await screen.findByText(/This usually takes less than a minute/);
    await wait(5000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to check transaction status during polling',
    );
    await user.click(screen.getByRole('button', { name: 'Go to my dashboard' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the status could not be checked when the answer makes no sense', async () => {
    renderLoading(json(200, { loaded: 'maybe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to check transaction status. Please try again.',
    );
  });
});
