import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxRoutes } from '@billow/contracts';
import { json } from '@test/mock-api';
import {
  bankOfAmerica,
  institutionsRoute,
  LINK_TOKEN,
  loginError,
  navyFederal,
  sandboxAccounts,
} from '@test/linking-helpers';
import {
  chooseBank,
  logIn,
  openToInstitutions,
  renderLink,
  sandboxBank,
  type User,
} from '@test/sandbox-link-steps';

afterEach(() => vi.restoreAllMocks());

describe('the sandbox Link dialog', () => {
  it('finds a bank by search and picks it with the keyboard', async () => {
    const api = sandboxBank();
    const { user } = renderLink();
    const dialog = await openToInstitutions(user);
    expect(await within(dialog).findByRole('button', { name: /Chase/ })).toBeVisible();
    expect(within(dialog).getAllByRole('button', { name: /\.(com|org)$/ })).toHaveLength(3);

    const search = within(dialog).getByRole('searchbox', { name: 'Search for your bank' });
    expect(search).toHaveFocus();
    await user.type(search, 'navy');
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: /Chase/ })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo(institutionsRoute('navy'))).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: /Navy Federal/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Enter your credentials' })).toHaveTextContent(
      'Navy Federal Credit Union',
    );
  });

  it('says so when no bank matches', async () => {
    sandboxBank();
    const { user } = renderLink();
    const dialog = await openToInstitutions(user);
    await user.type(within(dialog).getByRole('searchbox'), 'zzz');
    expect(await within(dialog).findByText(/No results for “zzz”/)).toBeVisible();
  });

  it('shows the bank’s message for a wrong password, keeps what was typed, and lets the person try again', async () => {
    const api = sandboxBank().on(
      sandboxRoutes.login,
      json(
        200,
        loginError(
          'INVALID_CREDENTIALS',
          'the provided credentials were not correct',
          'The provided credentials were not correct. Please try again.',
        ),
      ),
      json(200, { status: 'ok', accounts: sandboxAccounts }),
    );
    const { user } = renderLink();
    await chooseBank(user, /Bank of America/);
    const dialog = await logIn(user, 'user_good', 'wrong');
    expect(
      within(dialog).getByRole('complementary', { name: 'Sandbox test logins' }),
    ).toHaveTextContent('user_family / pass_good a family with a mortgage');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The provided credentials were not correct.',
    );
    expect(within(dialog).getByLabelText('Username')).toHaveValue('user_good');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('wrong');

    await logIn(user, 'user_good', 'pass_good');
    expect(
      await screen.findByRole('dialog', { name: 'Choose the accounts to share' }),
    ).toBeVisible();
    expect(api.requestsTo(sandboxRoutes.login).map((request) => request.body)).toEqual([
      {
        link_token: LINK_TOKEN,
        institution_id: bankOfAmerica.institution_id,
        username: 'user_good',
        password: 'wrong',
      },
      {
        link_token: LINK_TOKEN,
        institution_id: bankOfAmerica.institution_id,
        username: 'user_good',
        password: 'pass_good',
      },
    ]);
  });

  it.each([
    {
      case: 'the bank’s person-facing message',
      display:
        "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
      shows:
        "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
    },
    {
      case: 'the fallback when the bank has none',
      display: null,
      shows: 'Account linking was cancelled or failed. Please try again.',
    },
  ])(
    'shows $case for a locked account, never the developer text or the code',
    async ({ display, shows }) => {
      sandboxBank().on(
        sandboxRoutes.login,
        json(
          200,
          loginError(
            'ITEM_LOCKED',
            "the account is locked. prompt the user to visit the institution's site and unlock their account",
            display,
          ),
        ),
      );
      const { user } = renderLink();
      await chooseBank(user, /Bank of America/);
      const dialog = await logIn(user, 'user_good', 'pass_good');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(shows);
      expect(dialog).not.toHaveTextContent('prompt the user');
      // The code stays out of the message (the test logins beside it name the password).
      expect(alert).not.toHaveTextContent('ITEM_LOCKED');
    },
  );

  it('asks for the device code when the bank wants one, and says when it is wrong', async () => {
    const api = sandboxBank().on(
      sandboxRoutes.login,
      json(200, { status: 'mfa_required', mfa: { type: 'device' } }),
      json(
        200,
        loginError(
          'INVALID_MFA',
          'the provided MFA response(s) were not correct',
          'The provided MFA responses were not correct. Please try again.',
        ),
      ),
      json(200, { status: 'ok', accounts: sandboxAccounts }),
    );
    const { user } = renderLink();
    await chooseBank(user, /Navy Federal/);
    await logIn(user, 'user_good', 'pass_good');

    const mfa = await screen.findByRole('dialog', { name: 'Enter your security code' });
    const code = within(mfa).getByLabelText('Security code');
    expect(code).toHaveFocus();
    await user.type(code, '0000');
    await user.click(within(mfa).getByRole('button', { name: 'Submit' }));
    expect(await within(mfa).findByRole('alert')).toHaveTextContent(
      'The provided MFA responses were not correct. Please try again.',
    );

    await user.clear(code);
    await user.type(code, '1234');
    await user.click(within(mfa).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    expect(api.requestsTo(sandboxRoutes.login).at(-1)!.body).toEqual({
      link_token: LINK_TOKEN,
      institution_id: navyFederal.institution_id,
      username: 'user_good',
      password: 'pass_good',
      mfa_code: '1234',
    });
  });

  it('preselects every account, needs at least one, and reports the linked ones on success', async () => {
    const api = sandboxBank()
      .on(sandboxRoutes.login, json(200, { status: 'ok', accounts: sandboxAccounts }))
      .on(
        sandboxRoutes.complete,
        json(200, {
          public_token: 'public-sandbox-1',
          institution: { institution_id: bankOfAmerica.institution_id, name: 'Bank of America' },
          accounts: [sandboxAccounts[1]],
        }),
      );
    const { user, onSuccess, onExit } = renderLink();
    await chooseBank(user, /Bank of America/);
    await logIn(user, 'user_good', 'pass_good');

    const dialog = await screen.findByRole('dialog', { name: 'Choose the accounts to share' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toBeChecked();

    for (const box of boxes) await user.click(box);
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(within(dialog).getByText('Select at least one account to continue.')).toBeVisible();

    await user.click(within(dialog).getByRole('checkbox', { name: /Plaid Saving/ }));
    await user.click(continueButton);
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.requestsTo(sandboxRoutes.complete)[0]!.body).toMatchObject({
      link_token: LINK_TOKEN,
      username: 'user_good',
      password: 'pass_good',
      account_keys: ['savings'],
    });
    // Handed over while the success pane shows, so a reload there loses nothing.
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('public-sandbox-1', {
      institution: { institution_id: bankOfAmerica.institution_id, name: 'Bank of America' },
      accounts: [
        {
          id: 'savings',
          name: 'Plaid Saving',
          mask: '1111',
          type: 'depository',
          subtype: 'savings',
        },
      ],
    });
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(onExit).not.toHaveBeenCalled();
  });

  it.each([
    { how: 'Escape', close: (user: User) => user.keyboard('{Escape}') },
    {
      how: 'the close button',
      close: (user: User) => user.click(screen.getByRole('button', { name: 'Close' })),
    },
  ])('exits without an error when closed with $how', async ({ close }) => {
    sandboxBank();
    const { user, onExit, onSuccess } = renderLink();
    await openToInstitutions(user);
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onExit).toHaveBeenCalledExactlyOnceWith(null);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('exits with the bank’s error when closed after one, as Plaid Link does', async () => {
    sandboxBank().on(
      sandboxRoutes.login,
      json(200, loginError('ITEM_LOCKED', 'the account is locked', null)),
    );
    const { user, onExit } = renderLink();
    await chooseBank(user, /Bank of America/);
    const dialog = await logIn(user, 'user_good', 'pass_good');
    await within(dialog).findByRole('alert');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(onExit).toHaveBeenCalledExactlyOnceWith({
        error_code: 'ITEM_LOCKED',
        error_message: 'the account is locked',
      }),
    );
  });

  it('goes back a step without losing the bank’s list', async () => {
    sandboxBank();
    const { user } = renderLink();
    await chooseBank(user, /Bank of America/);
    const credentials = await screen.findByRole('dialog', { name: 'Enter your credentials' });
    await user.click(within(credentials).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Select your institution' })).toBeVisible();
  });

  it('exits with INVALID_LINK_TOKEN when the link token has expired', async () => {
    sandboxBank().on(
      sandboxRoutes.login,
      json(200, loginError('INVALID_LINK_TOKEN', 'link token is invalid or has expired')),
    );
    const { user, onExit } = renderLink();
    await chooseBank(user, /Bank of America/);
    await logIn(user, 'user_good', 'pass_good');
    await waitFor(() =>
      expect(onExit).toHaveBeenCalledExactlyOnceWith({
        error_code: 'INVALID_LINK_TOKEN',
        error_message: 'link token is invalid or has expired',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
