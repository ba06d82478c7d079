import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bankingRoutes, SIMPLEFIN_TOKEN_USED_DETAIL, userRoutes } from '@billow/contracts';
import { Component as LinkRoute } from '@/app/routes/link';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { json, mockApi, problem } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));
vi.mock('../link/use-bank-link', () => ({
  useBankLink: () => ({ open: vi.fn(), ready: false, element: null, isUnavailable: false }),
}));

function renderLink(state?: unknown) {
  storeSession();
  return renderApp(
    [
      { path: '/link', element: <LinkRoute /> },
      { path: '/', element: <h1>Dashboard</h1> },
    ],
    { at: '/link', state },
  );
}

const base = (enabled = true) =>
  mockApi()
    .on(bankingRoutes.link, json(200, { linkToken: 'link-1', linkProvider: 'sandbox' }))
    .on(bankingRoutes.sources, json(200, { simplefin: { enabled } }))
    .on(userRoutes.profileInfo, json(200, aProfile({ linkedAccounts: [] })));

async function openAndPaste(token: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Connect with SimpleFIN Bridge' }));
  expect(screen.getByText(/about \$15 a year/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'create a setup token' })).toHaveAttribute(
    'href',
    'https://bridge.simplefin.org/simplefin/create',
  );
  if (token) await user.type(screen.getByLabelText('SimpleFIN setup token'), token);
  await user.click(screen.getByRole('button', { name: 'Connect SimpleFIN Bridge' }));
}

describe('/link with SimpleFIN Bridge', () => {
  it('is not offered when the server does not offer it', async () => {
    const api = base(false);
    renderLink();
    await waitFor(() => expect(api.requestsTo(bankingRoutes.sources)).toHaveLength(1));
    await screen.findByRole('heading', { name: /with Plaid/ });
    expect(screen.queryByRole('button', { name: 'Connect with SimpleFIN Bridge' })).toBeNull();
  });

  it('connects a pasted setup token and shows the same loading screen as Plaid', async () => {
    const api = base()
      .on(
        bankingRoutes.simplefinConnect,
        json(200, { status: 'success', linkedAccounts: [aLinkedAccount({ source: 'simplefin' })] }),
      )
      .on(
        bankingRoutes.transactionLoadStatus,
        json(200, { transactionsLoaded: false, isAccountLinked: true, lastSyncedAt: null }),
      );
    renderLink();
    await openAndPaste('aHR0cHM6Ly9icmlkZ2UuZXhhbXBsZS9jbGFpbS8x');
    expect(
      await screen.findByRole('heading', { name: 'Loading Your Subscriptions' }),
    ).toBeVisible();
    expect(api.requestsTo(bankingRoutes.simplefinConnect)[0]!.body).toEqual({
      setupToken: 'aHR0cHM6Ly9icmlkZ2UuZXhhbXBsZS9jbGFpbS8x',
    });
  });

  it('goes back to the profile after connecting from there', async () => {
    base().on(bankingRoutes.simplefinConnect, json(200, { status: 'success', linkedAccounts: [] }));
    const { router } = renderLink({ from: 'profile' });
    await openAndPaste('dG9rZW4=');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for a token before sending anything, and shows the server’s refusal', async () => {
    const api = base().on(
      bankingRoutes.simplefinConnect,
      problem(409, 'conflict', SIMPLEFIN_TOKEN_USED_DETAIL),
    );
    renderLink();
    await openAndPaste('');
    expect(await screen.findByText('Paste your SimpleFIN setup token.')).toBeVisible();
    expect(api.requestsTo(bankingRoutes.simplefinConnect)).toHaveLength(0);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('SimpleFIN setup token'), 'dXNlZA==');
    await user.click(screen.getByRole('button', { name: 'Connect SimpleFIN Bridge' }));
    expect(await screen.findByText(SIMPLEFIN_TOKEN_USED_DETAIL)).toBeVisible();
    expect(screen.getByLabelText('SimpleFIN setup token')).toHaveAttribute('aria-invalid', 'true');
  });
});
