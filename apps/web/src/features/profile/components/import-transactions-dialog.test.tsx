import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bankingRoutes,
  importRoutes,
  userRoutes,
  type ImportMapping,
  type ImportPreview,
} from '@billow/contracts';
import { aLinkedAccount, aProfile } from '@test/fixtures';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { ProfileSection } from './profile-section';

const FILE_TEXT =
  'Date,Description,Debit,Credit\n15/01/2026,NETFLIX.COM,15.49,\n16/01/2026,PAYROLL,,1000\n';

const suggested: ImportMapping = {
  hasHeader: true,
  dateColumn: 0,
  dateFormat: 'DMY',
  descriptionColumn: 1,
  amount: { kind: 'amount', column: 2, moneyOut: 'negative' },
};

const preview = (mapping: ImportMapping, amounts: [number, number]): ImportPreview => ({
  format: 'csv',
  layout: 'CSV: one amount column, money out negative; dates DD/MM/YYYY',
  columns: ['Date', 'Description', 'Debit', 'Credit'],
  sample: [],
  mapping,
  transactions: [
    { row: 2, date: '2026-01-15', description: 'NETFLIX.COM', amount: amounts[0] },
    { row: 3, date: '2026-01-16', description: 'PAYROLL', amount: amounts[1] },
  ],
  rowCount: 2,
  errors: [],
  importedAccountId: null,
  accountName: 'Bank export',
  accounts: [{ importedAccountId: null, accountName: 'Bank export', rowCount: 2 }],
});

const imported = {
  importedAccountId: crypto.randomUUID(),
  accountName: 'Bank export',
  added: 2,
  alreadyImported: 0,
};

function renderProfile() {
  storeSession();
  return renderScreen(<ProfileSection onBack={vi.fn()} onSignOut={vi.fn()} isSigningOut={false} />);
}

async function chooseFile(user: ReturnType<typeof renderProfile>['user']) {
  const card = await screen.findByRole('region', { name: 'Linked Accounts' });
  await user.click(within(card).getByRole('button', { name: 'Import transactions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import transactions' });
  const file = new File([FILE_TEXT], 'bank-export-2026.csv', { type: 'text/csv' });
  await user.upload(within(dialog).getByLabelText('Bank export file'), file);
  return dialog;
}

describe('importing transactions from the profile', () => {
  it('previews the file, takes a changed column mapping, imports, and says how many were added', async () => {
    const debitCredit: ImportMapping = {
      ...suggested,
      amount: { kind: 'debit-credit', debitColumn: 2, creditColumn: 3 },
    };
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile({ linkedAccounts: [aLinkedAccount()] })))
      .on(
        importRoutes.preview,
        json(200, preview(suggested, [-15.49, 0])),
        json(200, preview(debitCredit, [15.49, -1000])),
      )
      .on(
        bankingRoutes.transactionLoadStatus,
        json(200, { transactionsLoaded: true, isAccountLinked: true, lastSyncedAt: null }),
      )
      .on(
        importRoutes.commit,
        json(200, {
          ...imported,
          accounts: [imported],
        }),
      );
    const { user } = renderProfile();
    const dialog = await chooseFile(user);

    expect(
      await within(dialog).findByText(/one amount column, money out negative/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('table')).toHaveTextContent(/NETFLIX\.COM.*\$15\.49 in/);

    await user.selectOptions(within(dialog).getByLabelText('Amounts'), 'debit-credit');
    await user.selectOptions(within(dialog).getByLabelText('Credit (money in)'), 'Credit');
    expect(await within(dialog).findByText(/\$1,000\.00 in/)).toBeInTheDocument();
    expect(within(dialog).getByRole('table')).toHaveTextContent(/NETFLIX\.COM.*\$15\.49 out/);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Added 2 transactions to Bank export. Billow is looking for subscriptions in them now.',
    );
    // The subscriptions reload once the detection the import started has run.
    await waitFor(() =>
      expect(api.requestsTo(bankingRoutes.transactionLoadStatus)).toHaveLength(1),
    );
    const sent = api.requests.filter((r) => r.path === importRoutes.commit.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      fileName: 'bank-export-2026.csv',
      fileText: FILE_TEXT,
      mapping: debitCredit,
      accountName: 'Bank export',
    });
  });

  it('imports into a new account named as the person chose, and shows the chosen file', async () => {
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(importRoutes.preview, json(200, preview(suggested, [-15.49, 0])))
      .on(
        bankingRoutes.transactionLoadStatus,
        json(200, { transactionsLoaded: true, isAccountLinked: true, lastSyncedAt: null }),
      )
      .on(
        importRoutes.commit,
        json(200, { ...imported, accountName: 'Credit union', accounts: [imported] }),
      );
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    expect(
      within(dialog).getByRole('button', { name: 'Choose another file' }),
    ).toHaveAccessibleDescription('bank-export-2026.csv');
    const name = await within(dialog).findByRole('textbox', { name: 'Account name' });
    expect(name).toHaveValue('Bank export');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Give the account a name.')).toBeInTheDocument();
    // The message belongs to the field: read with it, the field marked invalid and focused.
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the account a name.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(api.requestsTo(importRoutes.commit)).toHaveLength(0);
    await user.type(name, 'Credit union');
    // Typing a name clears the complaint.
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Give the account a name.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('status');
    expect(api.requestsTo(importRoutes.commit)[0]!.body).toMatchObject({
      accountName: 'Credit union',
    });
  });

  it('keeps Import off while a row cannot be read, and says what to do', async () => {
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(
        importRoutes.preview,
        json(200, {
          ...preview(suggested, [-15.49, 0]),
          errors: [{ row: 3, message: '"lots" is not an amount' }],
        }),
      );
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    expect(await within(dialog).findByText('Row 3: "lots" is not an amount')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(
      within(dialog).getByText(/imports a file only when it can read every row/),
    ).toBeVisible();
    expect(api.requestsTo(importRoutes.commit)).toHaveLength(0);
  });

  it('keeps the lines above the table skipped while the person changes the mapping', async () => {
    const belowPreamble: ImportMapping = { ...suggested, skipRows: 4 };
    const layout =
      'CSV: one amount column, money out negative; dates DD/MM/YYYY; 4 lines above the header skipped';
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(importRoutes.preview, json(200, { ...preview(belowPreamble, [-15.49, 0]), layout }));
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    expect(await within(dialog).findByText(/4 lines above the header skipped/)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Amounts'), 'debit-credit');
    await waitFor(() => expect(api.requestsTo(importRoutes.preview)).toHaveLength(2));
    const [, changed] = api.requestsTo(importRoutes.preview);
    expect(changed!.body).toMatchObject({
      mapping: { skipRows: 4, amount: { kind: 'debit-credit' } },
    });
  });

  it('names the row when the file cannot be imported', async () => {
    mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(importRoutes.preview, json(200, preview(suggested, [-15.49, 0])))
      .on(
        importRoutes.commit,
        problem(
          422,
          'validation',
          'Row 3: "lots" is not an amount. Nothing was imported.',
          {},
          'import-row-invalid',
        ),
      );
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Row 3: "lots" is not an amount. Nothing was imported.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });
  it('names every account an OFX file with several statements goes into', async () => {
    const names = ['Hometown ···2200', 'Hometown ···4444'];
    const accounts = names.map((accountName, index) => ({
      importedAccountId: crypto.randomUUID(),
      accountName,
      added: 3 - index,
      alreadyImported: 0,
    }));
    mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(
        importRoutes.preview,
        json(200, {
          ...preview(suggested, [15.49, 89.99]),
          format: 'ofx',
          layout: 'OFX file with statements of 2 accounts',
          mapping: null,
          rowCount: 5,
          accountName: names[0],
          accounts: names.map((accountName, index) => ({
            importedAccountId: null,
            accountName,
            rowCount: 3 - index,
          })),
        }),
      )
      .on(
        bankingRoutes.transactionLoadStatus,
        json(200, { transactionsLoaded: true, isAccountLinked: true, lastSyncedAt: null }),
      )
      .on(importRoutes.commit, json(200, { ...accounts[0]!, added: 5, accounts }));
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    expect(
      await within(dialog).findByText(
        /OFX file with statements of 2 accounts\. 5 transactions, into 2 accounts, each its own:/,
      ),
    ).toHaveTextContent('Hometown ···2200 and Hometown ···4444.');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Added 5 transactions to Hometown ···2200 and Hometown ···4444.',
    );
  });

  it('shows why a statement in another currency is refused', async () => {
    const detail =
      'This file holds a statement in CAD. Billow shows amounts in US dollars (USD) only, so nothing was imported.';
    mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(
        importRoutes.preview,
        problem(422, 'validation', detail, {}, 'import-currency-unsupported'),
      );
    const { user } = renderProfile();
    const dialog = await chooseFile(user);
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
  });
});
