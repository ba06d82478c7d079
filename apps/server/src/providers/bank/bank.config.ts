/** The bank-data provider's settings: the offline sandbox bank, or Plaid with its credentials. */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';
import type { PlaidConfig } from './bank-provider.plaid';

export type BankConfig = { provider: 'sandbox' } | ({ provider: 'plaid' } & PlaidConfig);

export const bankProviderKind = defineProviderKind({
  env: {
    BANK_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
    PLAID_CLIENT_ID: z.string().min(10).optional(),
    PLAID_SECRET: z.string().min(10).optional(),
    PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
    PLAID_API_BASE_URL: z.url().optional(),
    /** Where an OAuth bank sends the person back; sent to Plaid only when set (docs/banking.md). */
    PLAID_REDIRECT_URI: z.url().optional(),
  },
  read(e, shared): BankConfig | { problems: string[] } {
    if (e.BANK_PROVIDER === 'sandbox') return { provider: 'sandbox' };
    const problems: string[] = [];
    if (!e.PLAID_CLIENT_ID) problems.push(requiredWhen('PLAID_CLIENT_ID', 'BANK_PROVIDER=plaid'));
    if (!e.PLAID_SECRET) problems.push(requiredWhen('PLAID_SECRET', 'BANK_PROVIDER=plaid'));
    if (e.PLAID_REDIRECT_URI && e.PLAID_ENV === 'production') {
      if (!e.PLAID_REDIRECT_URI.startsWith('https://'))
        problems.push('PLAID_REDIRECT_URI: Plaid production accepts only an https:// address');
      else if (!e.PLAID_REDIRECT_URI.startsWith(`${shared.publicUrl}/`))
        problems.push(`PLAID_REDIRECT_URI: must be on PUBLIC_URL (${shared.publicUrl}/…)`);
    }
    if (problems.length > 0) return { problems };
    return {
      provider: 'plaid',
      clientId: e.PLAID_CLIENT_ID!,
      secret: e.PLAID_SECRET!,
      environment: e.PLAID_ENV,
      basePath: e.PLAID_API_BASE_URL,
      webhookUrl: `${shared.publicUrl}/api/plaid/webhook`,
      withTransfer: shared.isPlaidTransferUsed,
      // Plaid refuses a link token whose redirect URI is not registered in its dashboard, so
      // none is sent unless the operator registered one; Link then opens OAuth banks in a popup.
      redirectUri: e.PLAID_REDIRECT_URI,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'sandbox'
      ? sandboxRefused('BANK_PROVIDER', 'sandbox', 'plaid')
      : slice.environment === 'sandbox'
        ? 'PLAID_ENV: "sandbox" is Plaid\'s test environment, refused when APP_ENV=production; use production'
        : undefined,
});
