/**
 * "Import transactions": for a bank Billow cannot link, the person uploads the bank's
 * CSV or OFX/QFX export. Billow shows what it recognised (the layout, the column mapping, the
 * first rows read with it); the person corrects the mapping if needed, names the new account the
 * file goes into, and imports. A file with a row Billow cannot read imports nothing: the preview
 * names the row and Import waits until every row reads.
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
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
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
  /** The account name's own complaint, shown and read with its field. */
  const [nameError, setNameError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The new account's name as the person typed it (null: Billow's guess, from the preview). */
  const [accountName, setAccountName] = useState<string | null>(null);
  const previewImport = usePreviewImport();
  const commitImport = useCommitImport();
  const inputRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  function reset() {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setError(null);
    setNameError(null);
    setResult(null);
    setAccountName(null);
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

  // A file of one account that Billow has not imported before goes into a new account, named here.
  const isNewAccount = preview?.accounts.length === 1 && preview.importedAccountId === null;
  const newAccountName = (accountName ?? preview?.accountName ?? '').trim();
  const hasUnreadableRows = (preview?.errors.length ?? 0) > 0;

  function importFile() {
    if (!file) return;
    if (isNewAccount && !newAccountName) {
      setNameError('Give the account a name.');
      nameRef.current?.focus();
      return;
    }
    setError(null);
    setNameError(null);
    commitImport.mutate(
      {
        ...file,
        ...(mapping ? { mapping } : {}),
        ...(isNewAccount ? { accountName: newAccountName } : {}),
      },
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
            <div className="space-y-1 text-sm">
              <label htmlFor="import-file" className="block font-medium">
                Bank export file
              </label>
              {/* The native control is hidden for a button in the app's style that opens it. */}
              <input
                ref={inputRef}
                id="import-file"
                type="file"
                accept=".csv,.ofx,.qfx,.txt,text/csv"
                className="sr-only"
                tabIndex={-1}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  type="button"
                  variant="outline"
                  aria-describedby="import-file-name"
                  onClick={() => inputRef.current?.click()}
                >
                  {file ? 'Choose another file' : 'Choose a file'}
                </Button>
                <span id="import-file-name" className="min-w-0 break-all text-muted-foreground">
                  {file ? file.fileName : 'CSV, OFX or QFX, up to 5 MB'}
                </span>
              </div>
            </div>
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
                {isNewAccount && (
                  <Field
                    id="import-account-name"
                    label="Account name"
                    hint="How this account shows in Billow. Files you import from it later go into it too."
                    error={nameError}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        ref={nameRef}
                        value={accountName ?? preview.accountName}
                        maxLength={60}
                        onChange={(event) => {
                          setAccountName(event.target.value);
                          if (event.target.value.trim()) setNameError(null);
                        }}
                      />
                    )}
                  </Field>
                )}
                <PreviewTable preview={preview} />
                {hasUnreadableRows && (
                  <p className="text-sm text-muted-foreground">
                    Billow imports a file only when it can read every row. Change the columns above,
                    or correct those rows in the file and choose it again.
                  </p>
                )}
              </>
            )}
            <FieldError message={error} />
            {preview && (
              <Button
                onClick={importFile}
                disabled={commitImport.isPending || previewImport.isPending || hasUnreadableRows}
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
