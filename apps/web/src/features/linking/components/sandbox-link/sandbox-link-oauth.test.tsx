import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxRoutes } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { chase, LINK_TOKEN, sandboxAccounts, withQuery } from '@test/linking-helpers';
import { chooseBank, renderLink, sandboxBank } from '@test/sandbox-link-steps';

afterEach(() => vi.restoreAllMocks());

describe('the sandbox Link dialog with an OAuth bank', () => {
  it('sends the person to their bank’s own sign-in for an OAuth bank', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const redirect = '/plaid-oauth?oauth_state_id=oauth-sandbox-abc';
    const api = sandboxBank().on(
      sandboxRoutes.oauthStart,
      json(200, { oauth_state_id: 'oauth-sandbox-abc', redirect_path: redirect }),
    );
    const { user } = renderLink();
    await chooseBank(user, /Chase/);
    const dialog = await screen.findByRole('dialog', { name: 'Log in at Chase' });
    await user.click(within(dialog).getByRole('button', { name: /Continue to Chase/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(api.requestsTo(sandboxRoutes.oauthStart)[0]!.body).toEqual({
      link_token: LINK_TOKEN,
      institution_id: chase.institution_id,
    });
    expect(within(dialog).getByRole('button', { name: /Redirecting/ })).toBeDisabled();
  });

  it('picks up after the OAuth redirect and goes straight to the accounts', async () => {
    const stateId = 'oauth-sandbox-abc';
    const api = mockApi()
      .on(
        withQuery(sandboxRoutes.oauthResume, { oauth_state_id: stateId }),
        json(200, { institution: chase }),
      )
      .on(sandboxRoutes.login, json(200, { status: 'ok', accounts: sandboxAccounts }));
    const { user } = renderLink(`http://localhost/plaid-oauth?oauth_state_id=${stateId}`);
    await user.click(screen.getByRole('button', { name: 'Open Link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    expect(dialog).toHaveTextContent('Chase');
    expect(api.requestsTo(sandboxRoutes.login)[0]!.body).toEqual({
      link_token: LINK_TOKEN,
      institution_id: chase.institution_id,
      oauth_state_id: stateId,
    });
  });

  it('reads a bank error the server reports as a problem', async () => {
    sandboxBank().on(
      sandboxRoutes.oauthStart,
      problem(400, 'bad-request', 'link token is invalid or has expired', {}, 'INVALID_LINK_TOKEN'),
    );
    const { user, onExit } = renderLink();
    await chooseBank(user, /Chase/);
    await user.click(await screen.findByRole('button', { name: /Continue to Chase/ }));
    await waitFor(() =>
      expect(onExit).toHaveBeenCalledWith(
        expect.objectContaining({ error_code: 'INVALID_LINK_TOKEN' }),
      ),
    );
  });
});
