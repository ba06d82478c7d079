import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { Component as LinkRoute } from '@/app/routes/link';
import { json, mockApi } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { bankOfAmerica, institutionsRoute, sandboxAccounts } from '@test/linking-helpers';

describe('linking a bank from /link with the sandbox bank', () => {
  it('goes from the button through Link to the loading screen and on to the dashboard', async () => {
    storeSession();
    const api = mockApi()
      .on(bankingRoutes.link, json(200, { linkToken: 'link-sandbox-1', linkProvider: 'sandbox' }))
      .on(institutionsRoute(), json(200, [bankOfAmerica]))
      .on(sandboxRoutes.login, json(200, { status: 'ok', accounts: sandboxAccounts }))
      .on(
        sandboxRoutes.complete,
        json(200, {
          public_token: 'public-sandbox-1',
          institution: { institution_id: bankOfAmerica.institution_id, name: 'Bank of America' },
          accounts: sandboxAccounts,
        }),
      )
      .on(bankingRoutes.linkResult, json(200, { status: 'success' }))
      .on(
        bankingRoutes.transactionLoadStatus,
        json(200, { transactionsLoaded: true, isAccountLinked: true, lastSyncedAt: null }),
      );
    const { user, router } = renderApp(
      [
        { path: '/link', element: <LinkRoute /> },
        { path: '/', element: <h1>Dashboard</h1> },
      ],
      { at: '/link' },
    );

    await user.click(await screen.findByRole('button', { name: 'Link my subscriptions' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: /Bank of America/ }));
    await user.type(screen.getByLabelText('Username'), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const accounts = await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    await user.click(within(accounts).getByRole('button', { name: 'Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    await user.click(within(success).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo(bankingRoutes.linkResult)[0]!.body).toEqual({
      publicToken: 'public-sandbox-1',
    });
    await waitFor(() =>
      expect(api.requestsTo(bankingRoutes.transactionLoadStatus)).toHaveLength(1),
    );
    expect(localStorage.getItem('plaid_link_token')).toBeNull();
  });
});
