/** Picks the payment adapter the configuration names; Plaid's SDK is loaded only for Plaid. */
import type { Db } from '../../db/database';
import type { BankProvider } from '../bank/bank-provider';
import type { PaymentConfig } from './payment.config';
import type { DebitCredentialsResolver, PaymentProvider } from './payment-provider';
import { createSandboxLedger } from './sandbox/sandbox-ledger';

export async function createPaymentProvider(
  config: PaymentConfig,
  deps: {
    /** The banking module's resolver: the only way an adapter learns a bank credential. */
    credentialsOf: DebitCredentialsResolver;
    sandbox: { db: Db; bank: BankProvider; clock?: () => Date };
  },
): Promise<PaymentProvider> {
  if (config.provider === 'plaid') {
    const { createPlaidTransferProvider } = await import('./payment-provider.plaid');
    return createPlaidTransferProvider(config, deps.credentialsOf);
  }
  return createSandboxLedger({
    ...deps.sandbox,
    credentialsOf: deps.credentialsOf,
    bankDaySeconds: config.bankDaySeconds,
  });
}
