import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { Component as PlaidOauthRoute } from '@/app/routes/plaid-oauth';
import { json, mockApi, type Reply } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { LINK_READY_TIMEOUT_MS } from './oauth-return-screen';
import { chase, loginError, sandboxAccounts, withQuery } from '@test/linking-helpers';

const STATE_ID = 'oauth-sandbox-abc';
const resumeRoute = withQuery(sandboxRoutes.oauthResume, { oauth_state_id: STATE_ID });

function renderReturn({ login }: { login?: Reply } = {}) {
  storeSession();
  // The bank sends the browser back to this address; the screen hands it to Link.
  window.history.replaceState(null, '', `/plaid-oauth?oauth_state_id=${STATE_ID}`);
  const api = mockApi()
    .on(resumeRoute, json(200, { institution: chase }))
    .on(sandboxRoutes.login, login ?? json(200, { status: 'ok', accounts: sandboxAccounts }))
    .on(
      sandboxRoutes.complete,
      json(200, {
        public_token: 'public-sandbox-9',
        institution: { institution_id: chase.institution_id, name: 'Chase' },
        accounts: sandboxAccounts,
      }),
    )
    .on(bankingRoutes.linkResult, json(200, { status: 'success' }));
  const rendered = renderApp(
    [
      { path: '/plaid-oauth', element: <PlaidOauthRoute /> },
      { path: '/', element: <h1>Dashboard</h1> },
      { path: '/link', element: <h1>Link</h1> },
    ],
    { at: '/plaid-oauth' },
  );
  return { ...rendered, api };
}

function storeLinkSession() {
  localStorage.setItem('plaid_link_token', 'link-sandbox-1');
  localStorage.setItem('billow_link_provider', 'sandbox');
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('/plaid-oauth', () => {
  it('sends the person back to /link after 2 seconds when there is no link session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderReturn();
    expect(screen.getByRole('heading', { name: 'Connecting Your Account' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No active link session found. Please start the account linking process again.',
    );
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/plaid-oauth');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/link'));
  });

  it('fails into Connection Failed when the bank’s Link never gets ready (its script blocked)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('plaid_link_token', 'link-sandbox-1');
    localStorage.setItem('billow_link_provider', 'plaid');
    renderReturn();
    expect(await screen.findByText('Preparing your connection...')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(LINK_READY_TIMEOUT_MS));
    expect(await screen.findByText('Connection Failed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  it('reopens Link where the bank left off, then goes to the dashboard 2 seconds after success', async () => {
    storeLinkSession();
    const { user, router, api } = renderReturn();
    // Behind Link's modal dialog, so out of the accessibility tree while it is open.
    expect(screen.getByText('Connecting Your Account', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Opening secure connection...')).toBeInTheDocument();

    const accounts = await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    expect(api.requestsTo(sandboxRoutes.login)[0]!.body).toMatchObject({
      link_token: 'link-sandbox-1',
      oauth_state_id: STATE_ID,
    });
    await user.click(within(accounts).getByRole('button', { name: 'Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Account Connected Successfully!')).toBeVisible();
    expect(screen.getByText('Redirecting you to your dashboard...')).toBeVisible();
    expect(api.requestsTo(bankingRoutes.linkResult)[0]!.body).toEqual({
      publicToken: 'public-sandbox-9',
    });
    expect(localStorage.getItem('plaid_link_token')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/plaid-oauth');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows Connection Failed when Link ends with an error, with a way to try again', async () => {
    storeLinkSession();
    const { user, api } = renderReturn({
      login: json(200, loginError('INVALID_LINK_TOKEN', 'link token is invalid or has expired')),
    });
    expect(await screen.findByText('Connection Failed')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Account linking was cancelled or failed. Please try again.',
    );
    expect(localStorage.getItem('plaid_link_token')).toBe('link-sandbox-1');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.requestsTo(sandboxRoutes.login)).toHaveLength(2));
  });

  it('goes back to /link without the stored token on Go Back', async () => {
    storeLinkSession();
    const { user, router } = renderReturn({
      login: json(200, loginError('INVALID_LINK_TOKEN', 'link token is invalid or has expired')),
    });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/link');
    expect(localStorage.getItem('plaid_link_token')).toBeNull();
  });

  it('goes to /link when the person closes Link', async () => {
    storeLinkSession();
    const { user, router } = renderReturn();
    await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/link'));
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();
  });
});
