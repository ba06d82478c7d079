/**
 * "Import transactions" (issue 20): for a bank Billow cannot link, the person uploads the bank's
 * CSV or OFX/QFX export. Billow shows what it recognised (the layout, the column mapping, the
 * first rows read with it); the person corrects the mapping if needed and imports. A file with a
 * row Billow cannot read imports nothing, and the message names the row.
 */
import { useRef, useState } from 'react';
import {
  formatAbsoluteDollars,
  MAX_IMPORT_FILE_CHARS,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { ApiError } from '@/lib/api-client';
import {
  useCommitImport,
  usePreviewImport,
  type ImportFileInput,
} from '../api/use-import-transactions';
import { ImportMappingFields } from './import-mapping-fields';

const UNREADABLE = 'Billow could not read this file. Please try again.';

/** The server's words when it says what is wrong with the file (they name the row). */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.problemCode?.startsWith('import-') && error.problem)
    return error.problem.detail ?? UNREADABLE;
  return UNREADABLE;
}

/** A starting mapping for a CSV in which Billow recognised nothing: the person chooses. */
/** "Checking ···2200, Savings ···2201 and Visa ···4444": every account a file goes into. */
function namesOf(accounts: { accountName: string }[]): string {
  return new Intl.ListFormat('en-US').format(accounts.map((account) => account.accountName));
}

function blankMapping(columns: string[]): ImportMapping {
  const last = Math.max(0, columns.length - 1);
  return {
    hasHeader: false,
    dateColumn: 0,
    dateFormat: 'MDY',
    descriptionColumn: Math.min(1, last),
    amount: { kind: 'amount', column: Math.min(2, last), moneyOut: 'negative' },
  };
}

export function ImportTransactionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [file, setFile] = useState<Omit<ImportFileInput, 'mapping'> | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const previewImport = usePreviewImport();
  const commitImport = useCommitImport();
  const inputRef = useRef<HTMLInputElement>(null);

  function reset() {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setError(null);
    setResult(null);
  }

  function loadPreview(input: ImportFileInput) {
    setError(null);
    previewImport.mutate(input, {
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping(
          input.mapping ??
            answer.mapping ??
            (answer.format === 'csv' ? blankMapping(answer.columns) : null),
        );
      },
      onError: (failure) => setError(messageOf(failure)),
    });
  }

  async function choose(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_FILE_CHARS) {
      setError('This file is larger than 5 MB. Export a shorter period and try again.');
      return;
    }
    const next = { fileName: chosen.name, fileText: await chosen.text() };
    setFile(next);
    loadPreview(next);
  }

  function changeMapping(next: ImportMapping) {
    setMapping(next);
    if (file) loadPreview({ ...file, mapping: next });
  }

  function importFile() {
    if (!file) return;
    setError(null);
    commitImport.mutate(
      { ...file, ...(mapping ? { mapping } : {}) },
      { onSuccess: setResult, onError: (failure) => setError(messageOf(failure)) },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (commitImport.isPending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogTitle>Import transactions</DialogTitle>
        <DialogDescription>
          For a bank Billow cannot link: upload its CSV, OFX or QFX export and Billow will look for
          your subscriptions in it.
        </DialogDescription>
        {result ? (
          <div className="mt-4 space-y-4" role="status">
            <p>
              {result.added === 0
                ? `Nothing new: every transaction in this file was imported into ${namesOf(result.accounts)} before.`
                : `Added ${result.added.toLocaleString('en-US')} transactions to ${namesOf(result.accounts)}.`}{' '}
              Billow is looking for subscriptions in them now.
            </p>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        ) : (
          <div className="mt-4 space-y-4">
            <label className="block space-y-1 text-sm">
              <span className="font-medium">Bank export file</span>
              <input
                ref={inputRef}
                type="file"
                accept=".csv,.ofx,.qfx,.txt,text/csv"
                className="block w-full text-sm"
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </label>
            {previewImport.isPending && !preview && (
              <p className="text-sm text-muted-foreground">Reading the file…</p>
            )}
            {preview && (
              <>
                <p className="text-sm">
                  {preview.layout}. {preview.rowCount.toLocaleString('en-US')} transactions, into{' '}
                  {preview.accounts.length > 1
                    ? `${preview.accounts.length} accounts, each its own: `
                    : preview.importedAccountId
                      ? 'your imported account '
                      : 'a new account, '}
                  <span className="font-medium">{namesOf(preview.accounts)}</span>.
                </p>
                {preview.format === 'csv' && mapping && (
                  <ImportMappingFields
                    columns={preview.columns}
                    mapping={mapping}
                    onChange={changeMapping}
                  />
                )}
                <PreviewTable preview={preview} />
              </>
            )}
            <FieldError message={error} />
            {preview && (
              <Button
                onClick={importFile}
                disabled={commitImport.isPending || previewImport.isPending}
              >
                <PendingLabel isPending={commitImport.isPending} pendingText="Importing…">
                  Import
                </PendingLabel>
              </Button>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="space-y-2">
      {preview.errors.length > 0 && (
        <ul className="space-y-1 text-sm text-destructive" aria-label="Rows Billow cannot read">
          {preview.errors.slice(0, 5).map((rowError) => (
            <li key={rowError.row}>
              {preview.format === 'ofx' ? 'Transaction' : 'Row'} {rowError.row}: {rowError.message}
            </li>
          ))}
        </ul>
      )}
      <div className="max-h-64 overflow-auto rounded-xl border">
        <table className="w-full text-sm">
          <caption className="sr-only">The first transactions as Billow reads them</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-2 py-1">
                Row
              </th>
              <th scope="col" className="px-2 py-1">
                Date
              </th>
              <th scope="col" className="px-2 py-1">
                Description
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.transactions.map((t) => (
              <tr key={t.row} className="border-t">
                <td className="px-2 py-1 text-muted-foreground">{t.row}</td>
                <td className="px-2 py-1 whitespace-nowrap">{t.date}</td>
                <td className="px-2 py-1">{t.description}</td>
                <td className="money px-2 py-1 text-right whitespace-nowrap">
                  {formatAbsoluteDollars(t.amount)} {t.amount > 0 ? 'out' : 'in'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
