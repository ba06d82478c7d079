/**
 * Importing a bank's export file (issue 20): a preview the dialog asks for again whenever the
 * person changes the column mapping, and the import itself, after which the accounts, the profile
 * and the subscriptions reload (detection runs on the server right after).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importRoutes, type ImportMapping } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

export type ImportFileInput = { fileName: string; fileText: string; mapping?: ImportMapping };

/** Not single-flight: a mapping changed while a preview loads asks again, and the last one shows. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: ImportFileInput) => api(importRoutes.preview, input),
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (input: ImportFileInput) => api(importRoutes.commit, input),
    onSuccess: () => invalidateDomains(queryClient, ['accounts', 'profile', 'subscriptions']),
  });
}
