/** Picks the payment adapter the configuration names. */
import type { Db } from '../../db/database';
import type { BankProvider } from '../bank/bank-provider';
import type { PaymentConfig } from './payment.config';
import type { DebitCredentialsResolver, PaymentProvider } from './payment-provider';
import { createPlaidTransferProvider } from './payment-provider.plaid';
import { createSandboxLedger } from './sandbox/sandbox-ledger';

export function createPaymentProvider(
  config: PaymentConfig,
  deps: {
    /** The banking module's resolver: the only way an adapter learns a bank credential. */
    credentialsOf: DebitCredentialsResolver;
    sandbox: { db: Db; bank: BankProvider; clock?: () => Date };
  },
): PaymentProvider {
  if (config.provider === 'plaid') return createPlaidTransferProvider(config, deps.credentialsOf);
  return createSandboxLedger({
    ...deps.sandbox,
    credentialsOf: deps.credentialsOf,
    bankDaySeconds: config.bankDaySeconds,
  });
}
