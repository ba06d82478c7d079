/** Downloads everything Billow keeps for the person as a ZIP (GET /api/user/export) and saves it. */
import { userRoutes } from '@billow/contracts';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

export function useDownloadExport() {
  return useSingleFlightMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload(userRoutes.exportData, {
        headers: { Accept: 'application/zip' },
      });
      saveFile(blob, fileName ?? 'billow-export.zip');
    },
  });
}
