import { Download } from 'lucide-react';
import { profileMessages } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { useDownloadExport } from '../api/use-download-export';

/** "Download my data": the person's export as a ZIP of JSON and CSV files. */
export function DownloadDataButton() {
  const download = useDownloadExport();
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        className="w-full"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-describedby="download-data-hint"
      >
        <Download aria-hidden="true" />
        <PendingLabel isPending={download.isPending} pendingText="Preparing your data…">
          Download my data
        </PendingLabel>
      </Button>
      <p id="download-data-hint" className="text-sm text-muted-foreground">
        A ZIP of your profile, accounts, transactions, subscriptions, negotiations, payments, gift
        cards and rewards, as JSON and CSV.
      </p>
      <FieldError message={download.isError ? profileMessages.exportFailed : null} />
    </div>
  );
}
