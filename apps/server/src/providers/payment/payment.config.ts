/**
 * The payment provider's settings: the offline sandbox ledger, or Plaid Transfer, which signs in
 * with the same Plaid client id and secret as the bank data (one Plaid account, two products).
 */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';
import type { PlaidTransferConfig } from './payment-provider.plaid';

export type PaymentConfig = (
  | {
      provider: 'sandbox';
      /** How long the sandbox ledger's simulated bank day lasts, in seconds. */
      bankDaySeconds: number;
    }
  | ({ provider: 'plaid' } & PlaidTransferConfig)
) & {
  /**
   * Whether this provider comes with a stock of gift cards for every merchant that sells an
   * annual plan: the sandbox ledger's, stocked at first start. A real provider's cards are
   * loaded from CSV (`npm run giftcards:load`). Stated here so no module compares provider names.
   */
  hasSandboxGiftCards: boolean;
};

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
      return {
        provider: 'sandbox',
        bankDaySeconds: e.SANDBOX_BANK_DAY_SECONDS,
        hasSandboxGiftCards: true,
      };
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
      hasSandboxGiftCards: false,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'sandbox'
      ? sandboxRefused('PAYMENT_PROVIDER', 'sandbox', 'plaid')
      : undefined,
});
