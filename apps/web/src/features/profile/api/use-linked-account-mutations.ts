/**
 * Managing a linked bank account from the profile (docs/profile.md, "Linked accounts"): making it
 * the primary payment account, and removing it. Each waits for the profile to reload before it
 * settles, so the list already shows the change when the dialog closes. Removing an account also
 * reloads the subscriptions: bills found in it go with it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { bankingRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';

export function useSetPrimaryPaymentAccount() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (financialAccountId: string) =>
      api(bankingRoutes.setPrimaryPaymentAccount, { financialAccountId }),
    onSuccess: () => invalidateDomains(queryClient, ['accounts', 'profile']),
  });
}

export function useRemoveLinkedAccount() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (financialAccountId: string) =>
      api(bankingRoutes.deleteFinancialAccount, { financialAccountId }),
    onSuccess: () => invalidateDomains(queryClient, ['accounts', 'profile', 'subscriptions']),
  });
}
