import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { paymentErrorMessage, thrownPaymentErrorMessage } from './payment-errors';

describe(paymentErrorMessage.name, () => {
  it('says the sentence of each error_type (docs/annual-plans.md), and "Payment failed" for the rest', () => {
    const funds =
      'Insufficient funds in your account. Please add money to your account and try again.';
    expect(paymentErrorMessage('insufficient_funds')).toBe(funds);
    expect(paymentErrorMessage('insufficient_funds_risk')).toBe(funds);
    expect(paymentErrorMessage('payment_account_not_found')).toBe(
      'No payment account found. Please link a bank account first.',
    );
    expect(paymentErrorMessage('subscription_not_found')).toBe(
      'Subscription not found. Please refresh and try again.',
    );
    expect(paymentErrorMessage('annual_plan_not_available')).toBe(
      'Annual plan pricing is not available for this subscription.',
    );
    expect(paymentErrorMessage('account_data_missing')).toBe(
      'Account information is incomplete. Please refresh your bank account connection.',
    );
    const other = 'Payment failed. Please try again or contact support.';
    expect(paymentErrorMessage('no_available_gift_cards')).toBe(other);
    expect(paymentErrorMessage('something_new')).toBe(other);
  });
});

describe(thrownPaymentErrorMessage.name, () => {
  it('tells authentication, network and anything else apart', () => {
    expect(
      thrownPaymentErrorMessage(
        new ApiError('Authentication failed. Please log in again.', 'unauthorized', 401),
      ),
    ).toBe('Authentication failed. Please log in again.');
    expect(thrownPaymentErrorMessage(new ApiError('Failed to fetch', 'network'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(thrownPaymentErrorMessage(new ApiError('HTTP error! status: 500', 'http', 500))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });

  it('says a returned payment is owed, or that another payment from the account is going through', () => {
    const problem = (code: string) =>
      new ApiError('refused', 'http', 402, {
        type: 'https://billow.app/problems/payment-failed',
        title: 'Payment failed',
        status: 402,
        detail: 'anything',
        instance: '/api/payments/pay',
        code,
      });
    expect(thrownPaymentErrorMessage(problem('payment-owed'))).toBe(
      'Your bank returned an earlier payment and it is still owed to Billow. Billow cannot pay for another plan until it is settled: please contact support.',
    );
    expect(thrownPaymentErrorMessage(problem('payment-in-progress'))).toBe(
      'Another payment from this account is going through. Please try again in a minute.',
    );
  });
});
