import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bankingRoutes,
  primaryCannotPayNote,
  profileMessages,
  userRoutes,
  type LinkedAccount,
} from '@billow/contracts';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { ProfileSection } from './profile-section';

const checkingId = '6f1c4a52-8d7e-4c1b-9a53-0e4f1f1b2a01';
const savingsId = '6f1c4a52-8d7e-4c1b-9a53-0e4f1f1b2a02';

const checking = aLinkedAccount({ id: checkingId });
const savings = aLinkedAccount({
  id: savingsId,
  bankName: 'Acme Credit Union',
  bankWebsiteUrl: 'acmecu.org',
  lastFour: '9876',
  accountSubType: 'savings',
  is_primary_payment_account: false,
});

const profileWith = (...linkedAccounts: LinkedAccount[]) => json(200, aProfile({ linkedAccounts }));

function renderProfile() {
  storeSession();
  return renderScreen(<ProfileSection onBack={vi.fn()} onSignOut={vi.fn()} isSigningOut={false} />);
}

type User = ReturnType<typeof renderProfile>['user'];

async function openDetails(user: User, name: RegExp) {
  const card = await screen.findByRole('region', { name: 'Linked Accounts' });
  await user.click(within(card).getByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('the linked accounts on the profile', () => {
  it('shows each bank with its logo, subtype, last four digits, primary mark and state', async () => {
    mockApi().on(userRoutes.profileInfo, profileWith(checking, { ...savings, active: false }));
    renderProfile();
    const card = await screen.findByRole('region', { name: 'Linked Accounts' });
    const [chaseRow, acmeRow] = within(card).getAllByRole('listitem');

    expect(within(chaseRow!).getByTestId('bank-mark')).toHaveTextContent('C');
    expect(chaseRow).toHaveTextContent(/Chase.*Checking.*•••• 4242.*Primary/);
    expect(within(chaseRow!).queryByText('Inactive')).not.toBeInTheDocument();

    expect(within(acmeRow!).getByTestId('bank-letter')).toHaveTextContent('A');
    expect(acmeRow).toHaveTextContent(/Acme Credit Union.*Savings.*•••• 9876.*Inactive/);
    expect(within(acmeRow!).queryByText('Primary')).not.toBeInTheDocument();
  });

  it('says where each account comes from, and what SimpleFIN Bridge asks the person to fix', async () => {
    const bridged = aLinkedAccount({
      id: savingsId,
      bankName: 'First Federal',
      bankWebsiteUrl: null,
      lastFour: '',
      source: 'simplefin',
      active: false,
      attention: 'Please log in to First Federal again.',
    });
    mockApi().on(
      userRoutes.profileInfo,
      json(
        200,
        aProfile({ linkedAccounts: [checking, bridged], is_plaid_update_mode_required: true }),
      ),
    );
    renderProfile();
    const card = await screen.findByRole('region', { name: 'Linked Accounts' });
    const [plaidRow, bridgeRow] = within(card).getAllByRole('listitem');
    expect(plaidRow).toHaveTextContent(/Chase.*Checking.*4242.*Plaid/);
    expect(bridgeRow).toHaveTextContent(
      /First Federal.*Checking.*SimpleFIN Bridge.*Please log in to First Federal again\./,
    );
    // The fix is at the Bridge, not a new link.
    expect(screen.getByRole('link', { name: 'Open SimpleFIN Bridge' })).toHaveAttribute(
      'href',
      'https://bridge.simplefin.org/',
    );
    expect(screen.queryByRole('link', { name: 'Update account' })).not.toBeInTheDocument();
  });

  it('offers to add another account, coming back to the profile', async () => {
    mockApi().on(userRoutes.profileInfo, profileWith(checking));
    const { user, router } = renderProfile();
    await user.click(await screen.findByRole('link', { name: 'Add account' }));
    expect(router.state.location.pathname).toBe('/link');
    expect(router.state.location.state).toEqual({ from: 'profile' });
  });

  it('shows an account’s details when its row is tapped', async () => {
    mockApi().on(userRoutes.profileInfo, profileWith(checking));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Chase/);
    expect(dialog).toHaveAccessibleName('Chase');
    const details = within(dialog);
    // One plain description of the account, no database words.
    expect(details.getByText('Checking account', { selector: 'dd' })).toBeVisible();
    expect(details.queryByText('Subtype')).toBeNull();
    expect(details.getByText('•••• 4242')).toBeVisible();
    expect(details.getByText('Active')).toBeVisible();
    expect(details.getByText('Primary')).toBeVisible();
  });

  it.each([
    { case: 'an active checking account that is not primary', change: {}, offered: true },
    { case: 'the primary account', change: { is_primary_payment_account: true }, offered: false },
    { case: 'an inactive account', change: { active: false }, offered: false },
    { case: 'a credit card', change: { accountType: 'credit' as const }, offered: false },
    { case: 'a loan', change: { accountType: 'loan' as const }, offered: false },
    {
      case: 'a SimpleFIN Bridge account',
      change: { source: 'simplefin' as const },
      offered: false,
    },
    { case: 'an imported account', change: { source: 'file' as const }, offered: false },
  ])('offers Make Primary Payment Account for $case: $offered', async ({ change, offered }) => {
    mockApi().on(userRoutes.profileInfo, profileWith({ ...savings, ...change }));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    expect(
      within(dialog).queryByRole('button', { name: 'Make Primary Payment Account' }) !== null,
    ).toBe(offered);
    expect(within(dialog).getByRole('button', { name: 'Remove Account' })).toBeVisible();
  });

  it('says why a checking account that only shows transactions cannot be the primary one', async () => {
    mockApi().on(userRoutes.profileInfo, profileWith({ ...savings, source: 'simplefin' }));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    expect(within(dialog).getByText(primaryCannotPayNote('simplefin')!)).toBeVisible();
  });

  it('sends one request when Make Primary Payment Account is double-clicked', async () => {
    const api = mockApi()
      .on(
        userRoutes.profileInfo,
        profileWith(checking, savings),
        profileWith(
          { ...checking, is_primary_payment_account: false },
          { ...savings, is_primary_payment_account: true },
        ),
      )
      .on(bankingRoutes.setPrimaryPaymentAccount, json(200, { success: true }));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Make Primary Payment Account' }),
    );
    expect(await within(dialog).findByText('Primary')).toBeVisible();
    expect(api.requestsTo(bankingRoutes.setPrimaryPaymentAccount)).toHaveLength(1);
  });

  it('makes an account primary and shows the reloaded profile', async () => {
    const api = mockApi()
      .on(
        userRoutes.profileInfo,
        profileWith(checking, savings),
        profileWith(
          { ...checking, is_primary_payment_account: false },
          { ...savings, is_primary_payment_account: true },
        ),
      )
      .on(bankingRoutes.setPrimaryPaymentAccount, json(200, { success: true }));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Make Primary Payment Account' }));

    expect(
      await screen.findByText('Acme Credit Union •••• 9876 is now your primary payment account'),
    ).toBeVisible();
    expect(api.requestsTo(bankingRoutes.setPrimaryPaymentAccount)[0]!.body).toEqual({
      financialAccountId: savingsId,
    });
    expect(within(dialog).getByText('Primary')).toBeVisible();
    expect(
      within(dialog).queryByRole('button', { name: 'Make Primary Payment Account' }),
    ).not.toBeInTheDocument();
  });

  it('says so when the account could not be made primary', async () => {
    mockApi()
      .on(userRoutes.profileInfo, profileWith(savings))
      .on(bankingRoutes.setPrimaryPaymentAccount, problem(500, 'internal-server-error', 'boom'));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Make Primary Payment Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      profileMessages.setPrimaryFailed,
    );
  });

  it('asks before removing an account, and Cancel keeps it', async () => {
    const api = mockApi().on(userRoutes.profileInfo, profileWith(checking));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Chase/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this account?' });
    expect(confirm).toHaveTextContent(/Billow will stop reading Chase •••• 4242/);
    expect(confirm).toHaveTextContent(/primary payment account/);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requestsTo(bankingRoutes.deleteFinancialAccount)).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Linked Accounts' })).toHaveTextContent('Chase');
  });

  it('removes the account once confirmed and shows the reloaded list', async () => {
    const api = mockApi()
      .on(userRoutes.profileInfo, profileWith(checking, savings), profileWith(checking))
      .on(bankingRoutes.deleteFinancialAccount, json(200, { success: true }));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove Account' }));

    // The toast's title may be drawn again as the dialog closes: wait for the one that stays.
    await waitFor(() =>
      expect(screen.getByText('Acme Credit Union •••• 9876 was removed')).toBeVisible(),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requestsTo(bankingRoutes.deleteFinancialAccount)[0]!.body).toEqual({
      financialAccountId: savingsId,
    });
    const card = screen.getByRole('region', { name: 'Linked Accounts' });
    expect(card).not.toHaveTextContent('Acme');
    expect(card).toHaveTextContent('Chase');
  });

  it('reloads the profile and the subscriptions found in a removed account, and nothing else', async () => {
    mockApi()
      .on(userRoutes.profileInfo, profileWith(checking, savings), profileWith(checking))
      .on(bankingRoutes.deleteFinancialAccount, json(200, { success: true }));
    const { user, queryClient } = renderProfile();
    const cached = { subscriptions: ['subscriptions', 'list'], savings: ['savings', 'lifetime'] };
    queryClient.setQueryData(cached.subscriptions, []);
    queryClient.setQueryData(cached.savings, { lifetimeSavings: 0 });
    const dialog = await openDetails(user, /Acme/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove Account' }));

    await screen.findByText('Acme Credit Union •••• 9876 was removed');
    expect(queryClient.getQueryState(cached.subscriptions)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(cached.savings)?.isInvalidated).toBe(false);
  });

  it('says so when the account could not be removed, and keeps it', async () => {
    mockApi()
      .on(userRoutes.profileInfo, profileWith(checking))
      .on(bankingRoutes.deleteFinancialAccount, problem(500, 'internal-server-error', 'boom'));
    const { user } = renderProfile();
    const dialog = await openDetails(user, /Chase/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove Account' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Failed to remove account. Please try again.',
    );
  });
});
