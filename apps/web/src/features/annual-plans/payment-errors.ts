/** What a failed payment tells the person (docs/annual-plans.md, "When paying fails"). */
import {
  paymentErrorMessages,
  paymentMessages,
  type BankTransferErrorType,
} from '@billow/contracts';
import { ApiError } from '@/lib/api-client';

/** The error_type → message table; a type the table does not name gets 'Payment failed…'. */
export function paymentErrorMessage(errorType: string): string {
  return (
    (paymentErrorMessages as Record<string, string>)[errorType as BankTransferErrorType] ??
    paymentMessages.otherError
  );
}

/** A thrown error: authentication, the network, or anything else. */
export function thrownPaymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isUnauthorized || error.message.includes('Authentication failed'))
      return paymentMessages.authenticationFailed;
    if (error.kind === 'network') return paymentMessages.networkError;
    // The chosen account is gone: the same words as the in-body answer.
    if (error.problemCode === 'account-not-found')
      return paymentErrorMessages.payment_account_not_found;
    // A returned payment is owed, or another payment from the account is being decided.
    if (error.problemCode === 'payment-owed') return paymentMessages.paymentOwed;
    if (error.problemCode === 'payment-in-progress') return paymentMessages.paymentInProgress;
    return paymentMessages.unexpectedError;
  }
  if (error instanceof Error && error.message.includes('Authentication failed'))
    return paymentMessages.authenticationFailed;
  if (error instanceof TypeError) return paymentMessages.networkError;
  return paymentMessages.unexpectedError;
}
