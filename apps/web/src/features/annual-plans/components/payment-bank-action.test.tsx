import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  paymentErrorMessages,
  paymentRoutes,
  type BankTransferResponse,
  type LinkedAccount,
} from '@billow/contracts';
import { json, mockApi } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { PaymentConfirmationScreen } from './payment-screens';

const subscriptionId = '5b0c3a38-8a8e-4f55-9c55-0d3c1f1a2b3c';
const accountId = '7c1d3a38-8a8e-4f55-9c55-0d3c1f1a2b3c';
const bankNeeded: BankTransferResponse = {
  success: false,
  error_type: 'bank_action_required',
  message: paymentErrorMessages.bank_action_required,
};
const paid: BankTransferResponse = { success: true, transfer_id: 'p-1', amount: 99.99 };

describe('paying when the bank needs the person first', () => {
  it('says so, leads them through their bank, and pays once they are back', async () => {
    storeSession();
    const api = mockApi().on(paymentRoutes.pay, json(200, bankNeeded), json(200, paid));
    const throughBank = vi.fn();
    const { user } = renderScreen(
      <PaymentConfirmationScreen
        plan={{
          subscriptionId,
          serviceName: 'Hulu',
          website: 'hulu.com',
          monthlyPrice: 18.99,
          annualPlanCost: 99.99,
        }}
        account={
          {
            id: accountId,
            bankName: 'Citi',
            bankWebsiteUrl: null,
            lastFour: '4444',
            accountType: 'depository',
            accountSubType: 'checking',
            active: true,
            is_primary_payment_account: true,
            availableBalance: 500,
            source: 'plaid',
            attention: null,
          } satisfies LinkedAccount
        }
        onBack={vi.fn()}
        onPaid={vi.fn()}
        BankAction={({ subscriptionId: forSubscription, onDone }) => (
          <button
            type="button"
            onClick={() => {
              throughBank(forSubscription);
              onDone();
            }}
          >
            Continue with your bank
          </button>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pay $99.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      paymentErrorMessages.bank_action_required,
    );
    await user.click(screen.getByRole('button', { name: 'Continue with your bank' }));
    expect(throughBank).toHaveBeenCalledWith(subscriptionId);
    expect(await screen.findByText('Paid! Getting your code…')).toBeInTheDocument();
    expect(api.requestsTo(paymentRoutes.pay)).toHaveLength(2);
    expect(api.requestsTo(paymentRoutes.pay)[1]!.body).toEqual({
      subscription_id: subscriptionId,
      financialAccountId: accountId,
    });
  });
});
