import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentRoutes } from '@billow/contracts';
import { aLinkedAccount } from '@test/fixtures';
import { json, mockApi } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import type { AnnualPlan } from '../payable-accounts';
import { PaymentConfirmationScreen } from './payment-screens';
import { PaymentAccountSelectionScreen } from './plan-screens';

const plan: AnnualPlan = {
  subscriptionId: '5b0c3a38-8a8e-4f55-9c55-0d3c1f1a2b3c',
  serviceName: 'Hulu',
  website: 'hulu.com',
  monthlyPrice: 18.99,
  annualPlanCost: 189.99,
};
const checking = aLinkedAccount({ id: 'checking', lastFour: '1111', availableBalance: 120 });
const savings = aLinkedAccount({
  id: 'savings',
  bankName: 'Ally',
  lastFour: '2222',
  accountSubType: 'savings',
  availableBalance: 5000,
  is_primary_payment_account: false,
});

describe('choosing the account that pays', () => {
  it('shows what each account has available, and which has not enough for the plan', () => {
    storeSession();
    renderScreen(
      <PaymentAccountSelectionScreen
        accounts={[checking, savings]}
        amount={plan.annualPlanCost}
        selectedId={undefined}
        onSelect={vi.fn()}
        onBack={vi.fn()}
        onContinue={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: /1111/ })).toHaveTextContent(
      'Available $120.00 · not enough for this plan',
    );
    expect(screen.getByRole('radio', { name: /2222/ })).toHaveTextContent('Available $5,000.00');
    expect(screen.getByRole('radio', { name: /2222/ })).not.toHaveTextContent('not enough');
  });
});

describe('accounts that cannot pay', () => {
  it('offers only accounts linked through a bank login, and says why the others are not', () => {
    storeSession();
    const bridged = aLinkedAccount({
      id: 'bridged',
      bankName: 'First Federal',
      lastFour: '3333',
      source: 'simplefin',
      is_primary_payment_account: true,
    });
    const imported = aLinkedAccount({
      id: 'imported',
      bankName: 'checking.csv',
      lastFour: '',
      accountType: 'other',
      accountSubType: 'imported',
      source: 'file',
      is_primary_payment_account: false,
    });
    renderScreen(
      <PaymentAccountSelectionScreen
        accounts={[checking, bridged, imported]}
        amount={plan.annualPlanCost}
        selectedId={undefined}
        onSelect={vi.fn()}
        onBack={vi.fn()}
        onContinue={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      expect.stringContaining('1111'),
    ]);
    const others = screen.getByRole('list', { name: "Accounts that can't pay" });
    expect(others).toHaveTextContent(
      'First Federal checking ••3333: Comes in through SimpleFIN Bridge, which can show transactions but not pay.',
    );
    expect(others).toHaveTextContent(
      'checking.csv: Imported from a file, so Billow cannot take a payment from it.',
    );
  });
});

describe('paying with too little in the account', () => {
  it('names another account that has enough, and leads back to choose it', async () => {
    storeSession();
    mockApi().on(
      paymentRoutes.pay,
      json(200, {
        success: false,
        error_type: 'insufficient_funds',
        message: 'Insufficient funds',
      }),
    );
    const onBack = vi.fn();
    const { user } = renderScreen(
      <PaymentConfirmationScreen
        plan={plan}
        account={checking}
        otherAccounts={[savings]}
        onBack={onBack}
        onPaid={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pay $189.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient funds in your account. Please add money to your account and try again.',
    );
    expect(screen.getByText('Ally ••2222 has enough for this plan.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay from another account' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
