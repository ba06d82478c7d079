/** Picks the payment adapter the configuration names. */
import type { Db } from '../../db/database';
import type { BankProvider } from '../bank/bank-provider';
import type { PaymentConfig } from './payment.config';
import type { PaymentProvider } from './payment-provider';
import { createPlaidTransferProvider } from './payment-provider.plaid';
import { createSandboxLedger } from './sandbox/sandbox-ledger';

export function createPaymentProvider(
  config: PaymentConfig,
  sandbox: { db: Db; bank: BankProvider; clock?: () => Date },
): PaymentProvider {
  if (config.provider === 'plaid') return createPlaidTransferProvider(config);
  return createSandboxLedger({ ...sandbox, bankDaySeconds: config.bankDaySeconds });
}
