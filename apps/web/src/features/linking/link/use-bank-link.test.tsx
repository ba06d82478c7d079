import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlaidLink, type PlaidLinkOptionsWithLinkToken } from 'react-plaid-link';
import { mockApi } from '@test/mock-api';
import { renderScreen } from '@test/render-app';
import { LinkHarness, linkCallbacks } from '@test/linking-helpers';
import { useBankLink } from './use-bank-link';

vi.mock('react-plaid-link', () => ({ usePlaidLink: vi.fn() }));

const plaidOpen = vi.fn();

function lastPlaidOptions(): PlaidLinkOptionsWithLinkToken {
  return vi.mocked(usePlaidLink).mock.lastCall![0] as PlaidLinkOptionsWithLinkToken;
}

beforeEach(() => {
  plaidOpen.mockClear();
  vi.mocked(usePlaidLink).mockClear();
  vi.mocked(usePlaidLink).mockReturnValue({
    open: plaidOpen,
    ready: true,
    error: null,
    submit: vi.fn(),
    exit: vi.fn(),
  });
});

describe(useBankLink.name, () => {
  it('opens Plaid Link with the token, and on the OAuth return with the page address', async () => {
    mockApi();
    const callbacks = linkCallbacks();
    const redirect = 'https://billow.example/plaid-oauth?oauth_state_id=abc';
    const { user } = renderScreen(
      <LinkHarness {...callbacks} linkProvider="plaid" receivedRedirectUri={redirect} />,
    );
    const button = screen.getByRole('button', { name: 'Open Link' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(lastPlaidOptions()).toMatchObject({
      token: 'link-sandbox-test-token',
      receivedRedirectUri: redirect,
    });

    await user.click(button);
    expect(plaidOpen).toHaveBeenCalledOnce();
  });

  it('passes on what Plaid Link reports, in the same shapes', async () => {
    mockApi();
    const callbacks = linkCallbacks();
    renderScreen(<LinkHarness {...callbacks} linkProvider="plaid" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Link' })).toBeEnabled());

    const account = {
      id: 'acc',
      name: 'Checking',
      mask: '0000',
      type: 'depository',
      subtype: 'checking',
      verification_status: null,
      class_type: null,
    };
    act(() =>
      lastPlaidOptions().onSuccess('public-1', {
        institution: { institution_id: 'ins_1', name: 'Chase' },
        accounts: [account],
        link_session_id: 'session',
      }),
    );
    expect(callbacks.onSuccess).toHaveBeenCalledWith('public-1', {
      institution: { institution_id: 'ins_1', name: 'Chase' },
      accounts: [
        { id: 'acc', name: 'Checking', mask: '0000', type: 'depository', subtype: 'checking' },
      ],
    });

    const error = {
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_LINK_TOKEN',
      error_message: 'invalid link_token provided',
      display_message: null,
    };
    const exitMetadata = { institution: null, status: null, link_session_id: 's', request_id: 'r' };
    act(() => lastPlaidOptions().onExit!(error, exitMetadata));
    act(() => lastPlaidOptions().onExit!(null, exitMetadata));
    expect(callbacks.onExit.mock.calls).toEqual([[error], [null]]);
  });

  it('opens the sandbox dialog for the sandbox bank, never loading Plaid', async () => {
    mockApi();
    const { user } = renderScreen(<LinkHarness {...linkCallbacks()} />);
    await user.click(screen.getByRole('button', { name: 'Open Link' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(usePlaidLink).not.toHaveBeenCalled();
  });

  it.each(['sandbox', 'plaid'] as const)('is not ready without a token (%s)', (linkProvider) => {
    mockApi();
    renderScreen(<LinkHarness {...linkCallbacks()} linkProvider={linkProvider} linkToken={null} />);
    expect(screen.getByRole('button', { name: 'Open Link' })).toBeDisabled();
  });
});
