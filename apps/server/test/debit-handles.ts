/**
 * For payment adapters driven directly by tests and fakes (no banking module in between): a debit
 * handle that carries its credentials in the clear, and the resolver that reads them back. The
 * app itself gets handles from banking, which keeps the credentials (docs/payments.md).
 */
import type {
  DebitCredentials,
  DebitCredentialsResolver,
  DebitHandle,
} from '../src/providers/payment/payment-provider';

export const handleOf = (credentials: DebitCredentials): DebitHandle =>
  JSON.stringify(credentials) as DebitHandle;

export const credentialsInHandle: DebitCredentialsResolver = async (handle) =>
  JSON.parse(handle) as DebitCredentials;
