/**
 * Managing a linked bank account from the profile (spec part 1 §2, §7): making it the primary
 * payment account, and removing it. Each waits for the profile to reload before it settles, so
 * the list already shows the change when the dialog closes. Removing an account reloads
 * everything: bills and subscriptions found in it change too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankingRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { profileKeys } from './profile-queries';

export function useSetPrimaryPaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (financialAccountId: string) =>
      api(bankingRoutes.setPrimaryPaymentAccount, { financialAccountId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useRemoveLinkedAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (financialAccountId: string) =>
      api(bankingRoutes.deleteFinancialAccount, { financialAccountId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
