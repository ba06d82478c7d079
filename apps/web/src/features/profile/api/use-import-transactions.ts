/**
 * Importing a bank's export file: a preview the dialog asks for again whenever the
 * person changes the column mapping, and the import itself, after which the accounts and the
 * profile reload, and the subscriptions once the detection the import started has run.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bankingRoutes,
  importRoutes,
  TRANSACTION_STATUS_MAX_WAIT_MS,
  type ImportMapping,
} from '@billow/contracts';
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
    onSuccess: async () => {
      await invalidateDomains(queryClient, ['accounts', 'profile']);
      void untilDetected().then(() => invalidateDomains(queryClient, ['subscriptions']));
    },
  });
}

/** Waits (a minute at most) for detection to catch up, as the loading screen does after a link. */
async function untilDetected() {
  for (let attempt = 0; attempt < 15; attempt++) {
    const status = await api(bankingRoutes.transactionLoadStatus, undefined, {
      query: { waitMs: TRANSACTION_STATUS_MAX_WAIT_MS },
    }).catch(() => null);
    if (!status || status.transactionsLoaded) return;
  }
}
