/**
 * The payment provider's settings: the offline sandbox ledger, or Plaid Transfer, which signs in
 * with the same Plaid client id and secret as the bank data (one Plaid account, two products).
 */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';
import type { PlaidTransferConfig } from './payment-provider.plaid';

export type PaymentConfig =
  | {
      provider: 'sandbox';
      /** How long the sandbox ledger's simulated bank day lasts, in seconds. */
      bankDaySeconds: number;
    }
  | ({ provider: 'plaid' } & PlaidTransferConfig);

export const paymentProviderKind = defineProviderKind({
  env: {
    PAYMENT_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
    SANDBOX_BANK_DAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(86_400),
    // The same keys, with the same rules, as the bank provider's (providers/bank/bank.config.ts).
    PLAID_CLIENT_ID: z.string().min(10).optional(),
    PLAID_SECRET: z.string().min(10).optional(),
    PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
    PLAID_API_BASE_URL: z.url().optional(),
  },
  read(e): PaymentConfig | { problems: string[] } {
    if (e.PAYMENT_PROVIDER === 'sandbox')
      return { provider: 'sandbox', bankDaySeconds: e.SANDBOX_BANK_DAY_SECONDS };
    const problems: string[] = [];
    const when = 'PAYMENT_PROVIDER=plaid';
    if (!e.PLAID_CLIENT_ID) problems.push(requiredWhen('PLAID_CLIENT_ID', when));
    if (!e.PLAID_SECRET) problems.push(requiredWhen('PLAID_SECRET', when));
    if (problems.length > 0) return { problems };
    return {
      provider: 'plaid',
      clientId: e.PLAID_CLIENT_ID!,
      secret: e.PLAID_SECRET!,
      environment: e.PLAID_ENV,
      basePath: e.PLAID_API_BASE_URL,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'sandbox'
      ? sandboxRefused('PAYMENT_PROVIDER', 'sandbox', 'plaid')
      : undefined,
});
