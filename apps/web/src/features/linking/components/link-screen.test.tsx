import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bankingRoutes, userRoutes } from '@billow/contracts';
import { Component as LinkRoute } from '@/app/routes/link';
import { track } from '@/lib/analytics';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { json, mockApi, offline, problem } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import type { UseBankLinkOptions } from '../link/use-bank-link';

vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

/** Link itself is stood in for: the screen's rules are what these tests are about. */
const link = vi.hoisted(() => ({
  open: vi.fn(),
  options: undefined as UseBankLinkOptions | undefined,
  isUnavailable: false,
}));
vi.mock('../link/use-bank-link', () => ({
  useBankLink: (options: UseBankLinkOptions) => {
    link.options = options;
    const ready = Boolean(options.linkToken) && !link.isUnavailable;
    return { open: link.open, ready, element: null, isUnavailable: link.isUnavailable };
  },
}));

const token = (linkToken: string) => json(200, { linkToken, linkProvider: 'sandbox' });

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

const linkButton = () => screen.findByRole('button', { name: 'Link my subscriptions' });
const succeed = (publicToken = 'public-1') =>
  act(() => link.options!.onSuccess(publicToken, { institution: null, accounts: [] }));
const exit = (error: Parameters<UseBankLinkOptions['onExit']>[0]) =>
  act(() => link.options!.onExit(error));
const failure = (error_code: string) => ({ error_code, error_message: 'Link said no' });

beforeEach(() => {
  link.open.mockClear();
  link.options = undefined;
  link.isUnavailable = false;
  vi.mocked(track).mockClear();
});

describe('/link', () => {
  it('asks to connect with Plaid and gets a link token, which it stores', async () => {
    const api = mockApi()
      .on(bankingRoutes.link, token('link-1'))
      .on(userRoutes.profileInfo, json(200, aProfile({ linkedAccounts: [] })));
    renderLink();
    expect(
      await screen.findByRole('heading', {
        name: 'Connect your bills and subscriptions with Plaid',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    expect(await linkButton()).toBeEnabled();
    expect(api.requestsTo(bankingRoutes.link)).toHaveLength(1);
    expect(localStorage.getItem('plaid_link_token')).toBe('link-1');
    expect(localStorage.getItem('billow_link_provider')).toBe('sandbox');
  });

  it('asks for the rest of the bills of a person with accounts linked already', async () => {
    mockApi()
      .on(bankingRoutes.link, token('link-1'))
      .on(userRoutes.profileInfo, json(200, aProfile({ linkedAccounts: [aLinkedAccount()] })));
    renderLink({ from: 'profile' });
    expect(
      await screen.findByRole('heading', {
        name: 'Connect the rest of your bills and subscriptions with Plaid',
      }),
    ).toBeVisible();
  });

  it('opens Link and records that linking started', async () => {
    mockApi().on(bankingRoutes.link, token('link-1'));
    const { user } = renderLink();
    await user.click(await linkButton());
    expect(link.open).toHaveBeenCalledOnce();
    expect(track).toHaveBeenCalledWith('bank_linking_started');
  });

  it.each([
    {
      case: 'no token and no reason',
      reply: json(200, { linkProvider: 'plaid' }),
      says: 'Failed to get link token',
    },
    {
      case: 'no token but a reason',
      reply: json(200, { linkToken: '', linkProvider: 'plaid', error: 'Bank linking is paused' }),
      says: 'Bank linking is paused',
    },
    {
      case: 'a server error',
      reply: problem(500, 'internal-server-error', 'boom'),
      says: 'An unexpected error occurred',
    },
    { case: 'no connection', reply: offline, says: 'An unexpected error occurred' },
  ])('explains a link token that did not come: $case', async ({ reply, says }) => {
    mockApi().on(bankingRoutes.link, reply);
    renderLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(says);
    expect(localStorage.getItem('plaid_link_token')).toBeNull();
  });

  it('asks again for a token when the first request failed, and opens Link with it', async () => {
    mockApi().on(
      bankingRoutes.link,
      problem(500, 'internal-server-error', 'boom'),
      token('link-2'),
    );
    const { user } = renderLink();
    await screen.findByRole('alert');
    await user.click(await linkButton());
    await waitFor(() => expect(link.open).toHaveBeenCalledOnce());
    expect(localStorage.getItem('plaid_link_token')).toBe('link-2');
  });

  describe('when Link exits', () => {
    it('removes the stored token and says nothing when the person just closed it', async () => {
      mockApi().on(bankingRoutes.link, token('link-1'));
      renderLink();
      await linkButton();
      exit(null);
      expect(localStorage.getItem('plaid_link_token')).toBeNull();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('removes the stored token and says linking failed after an error', async () => {
      mockApi().on(bankingRoutes.link, token('link-1'));
      renderLink();
      await linkButton();
      exit(failure('INSTITUTION_DOWN'));
      expect(localStorage.getItem('plaid_link_token')).toBeNull();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Account linking was cancelled or failed. Please try again.',
      );
    });

    it('keeps the stored token for INVALID_LINK_TOKEN, and fetches a fresh one for the next try', async () => {
      const api = mockApi().on(bankingRoutes.link, token('link-1'), token('link-2'));
      const { user } = renderLink();
      await linkButton();
      exit(failure('INVALID_LINK_TOKEN'));
      expect(localStorage.getItem('plaid_link_token')).toBe('link-1');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Account linking was cancelled or failed. Please try again.',
      );

      await user.click(await linkButton());
      await waitFor(() => expect(link.open).toHaveBeenCalledOnce());
      expect(api.requestsTo(bankingRoutes.link)).toHaveLength(2);
      expect(link.options!.linkToken).toBe('link-2');
      expect(localStorage.getItem('plaid_link_token')).toBe('link-2');
    });

    it('stores the token again when Link is reopened after an exit', async () => {
      mockApi().on(bankingRoutes.link, token('link-1'));
      const { user } = renderLink();
      await linkButton();
      exit(null);
      await user.click(await linkButton());
      expect(localStorage.getItem('plaid_link_token')).toBe('link-1');
    });
  });

  describe('when Link succeeds', () => {
    it.each([
      { from: 'negotiation', section: 'negotiations' },
      { from: 'profile', section: 'profile' },
    ])('goes back to the $section after coming from the $from', async ({ from, section }) => {
      const api = mockApi()
        .on(bankingRoutes.link, token('link-1'))
        .on(bankingRoutes.linkResult, json(200, { status: 'success' }));
      const { router } = renderLink({ from });
      await linkButton();
      succeed('public-1');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.state).toEqual({ section });
      expect(api.requestsTo(bankingRoutes.linkResult)[0]!.body).toEqual({
        publicToken: 'public-1',
      });
      expect(track).toHaveBeenCalledWith('bank_linking_completed');
      expect(localStorage.getItem('plaid_link_token')).toBeNull();
    });

    it('shows the loading screen otherwise', async () => {
      mockApi()
        .on(bankingRoutes.link, token('link-1'))
        .on(bankingRoutes.linkResult, json(200, { status: 'success' }))
        .on(
          bankingRoutes.transactionLoadStatus,
          json(200, { transactionsLoaded: false, isAccountLinked: true, lastSyncedAt: null }),
        );
      const { router } = renderLink();
      await linkButton();
      succeed();
      expect(
        await screen.findByRole('heading', { name: 'Loading Your Subscriptions' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe('/link');
    });

    it.each([
      {
        case: 'a status other than success',
        reply: json(200, { status: 'pending' }),
        says: 'Failed to link account. Please try again.',
      },
      {
        case: 'a refusal with a reason',
        reply: problem(400, 'bad-request', 'This link session is no longer valid.'),
        says: 'This link session is no longer valid.',
      },
      { case: 'no connection', reply: offline, says: 'Network error' },
    ])('says so when the server does not take the token: $case', async ({ reply, says }) => {
      mockApi().on(bankingRoutes.link, token('link-1')).on(bankingRoutes.linkResult, reply);
      const { router } = renderLink({ from: 'profile' });
      await linkButton();
      succeed();
      expect(await screen.findByRole('alert')).toHaveTextContent(says);
      expect(router.state.location.pathname).toBe('/link');
    });
  });

  it.each([
    {
      question: 'Which accounts should I link?',
      answers: [
        'Checking accounts',
        'Credit cards',
        'Debit cards',
        'You can add or remove accounts later from your profile.',
      ],
    },
    {
      question: 'How is my data protected?',
      answers: [
        'Plaid is used by many of the financial apps you know',
        'Your data is encrypted with AES-256',
        'You own your data',
        'Your data is never sold or shared for marketing',
        'You can revoke access at any time',
        'Billow never sees your sensitive bank account details, and you choose what to share',
      ],
    },
  ])('answers “$question”', async ({ question, answers }) => {
    mockApi().on(bankingRoutes.link, token('link-1'));
    const { user } = renderLink();
    await user.click(screen.getByRole('button', { name: question }));
    const dialog = await screen.findByRole('dialog', { name: question });
    for (const answer of answers) expect(within(dialog).getByText(answer)).toBeVisible();
    expect(track).toHaveBeenCalledWith('modal_opened', expect.any(Object));
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([undefined, { from: 'negotiation' }])(
    'offers no way back to the profile when not from it (%o)',
    async (state) => {
      mockApi().on(bankingRoutes.link, token('link-1'));
      renderLink(state);
      await linkButton();
      expect(screen.queryByRole('button', { name: 'Back to Profile' })).not.toBeInTheDocument();
    },
  );

  it('goes back to the profile with Back to Profile', async () => {
    mockApi().on(bankingRoutes.link, token('link-1'));
    const { user, router } = renderLink({ from: 'profile' });
    await user.click(screen.getByRole('button', { name: 'Back to Profile' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ section: 'profile' });
  });

  it('has a Skip for now link that is hidden for now', async () => {
    mockApi().on(bankingRoutes.link, token('link-1'));
    renderLink({ from: 'profile' });
    await linkButton();
    expect(screen.queryByRole('link', { name: 'Skip for now' })).not.toBeInTheDocument();
    const skip = screen.getByText('Skip for now');
    expect(skip).not.toBeVisible();
    expect(skip).toHaveAttribute('hidden');
  });

  it('says so instead of spinning when Plaid Link cannot load', async () => {
    link.isUnavailable = true;
    mockApi().on(bankingRoutes.link, json(200, { linkToken: 'link-1', linkProvider: 'plaid' }));
    renderLink();
    expect(await screen.findByText('An unexpected error occurred')).toBeVisible();
    expect(await linkButton()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Connecting...' })).toBeNull();
  });
});
