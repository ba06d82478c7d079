/**
 * Importing transactions from a bank's export file, for banks no aggregator covers:
 * CSV with a column mapping the person checks in a preview, or OFX/QFX. Each file source becomes
 * an "imported" account; amounts follow bank_transactions' convention (above 0 is money out).
 */
import { z } from 'zod';
import { importProblemCode } from './problem-codes';
import { defineRoute } from './route';
import { text } from './text';

/** The largest file accepted, in characters (about 5 MB of a bank's plain-text export). */
export const MAX_IMPORT_FILE_CHARS = 5_000_000;
/** How many parsed rows a preview shows. */
export const IMPORT_PREVIEW_ROWS = 20;

export const importFileFormat = z.enum(['csv', 'ofx']);
export type ImportFileFormat = z.infer<typeof importFileFormat>;

/** How dates are written: month first (US), year first (ISO), or day first. */
export const importDateFormat = z.enum(['MDY', 'YMD', 'DMY']);
export type ImportDateFormat = z.infer<typeof importDateFormat>;

const column = z.number().int().min(0).max(199);

/**
 * Where a CSV's money is: one amount column (its sign saying which way, either convention), or a
 * debit (money out) and a credit (money in) column, each a positive number or blank.
 */
export const importAmountMapping = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('amount'),
    column,
    /** How money leaving the account is written in the file. */
    moneyOut: z.enum(['negative', 'positive']),
  }),
  z.object({ kind: z.literal('debit-credit'), debitColumn: column, creditColumn: column }),
]);
export type ImportAmountMapping = z.infer<typeof importAmountMapping>;

export const importMapping = z.object({
  hasHeader: z.boolean(),
  /** Lines above the table (a bank's account name, period, balance…), left out; 0 when absent. */
  skipRows: z.number().int().min(0).max(100).optional(),
  dateColumn: column,
  dateFormat: importDateFormat,
  descriptionColumn: column,
  amount: importAmountMapping,
});
export type ImportMapping = z.infer<typeof importMapping>;

export const importFileBody = z.object({
  fileName: text().trim().min(1).max(255),
  fileText: text().min(1).max(MAX_IMPORT_FILE_CHARS),
});

/** One parsed transaction: `row` is the file's row (CSV line, or OFX transaction) it came from. */
export const importedTransaction = z.object({
  row: z.number().int(),
  date: z.string(),
  description: z.string(),
  /** Dollars; above 0 is money out. */
  amount: z.number(),
});
export type ImportedTransaction = z.infer<typeof importedTransaction>;

export const importRowError = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importPreview = z.object({
  format: importFileFormat,
  /** The layout recognised, in a few words ("Debit and credit columns"). */
  layout: z.string(),
  /** The column names (the header, or "Column 1"…), for the mapping; empty for OFX. */
  columns: z.array(z.string()),
  /** The first rows as they are in the file, for the mapping table; empty for OFX. */
  sample: z.array(z.array(z.string())),
  /** The mapping Billow suggests for a CSV (null when it found none, and for OFX). */
  mapping: importMapping.nullable(),
  /** The first rows read with that mapping. */
  transactions: z.array(importedTransaction),
  rowCount: z.number().int(),
  /** The first rows that could not be read with that mapping. */
  errors: z.array(importRowError),
  /** The imported account the file would go into (by its source), or null for a new one. */
  importedAccountId: z.string().nullable(),
  accountName: z.string(),
  /**
   * Every account the file holds a statement of (an OFX file can hold several, each imported
   * into its own account); the fields above are the first one's.
   */
  accounts: z.array(
    z.object({
      importedAccountId: z.string().nullable(),
      accountName: z.string(),
      rowCount: z.number().int(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreview>;

const importedInto = z.object({
  importedAccountId: z.string(),
  accountName: z.string(),
  /** Transactions added now; those already imported before are not added again. */
  added: z.number().int(),
  alreadyImported: z.number().int(),
});

/** The first account imported into, the whole file's counts, and each account's own. */
export const importResult = importedInto.extend({ accounts: z.array(importedInto) });
export type ImportResult = z.infer<typeof importResult>;

export const importRoutes = {
  preview: defineRoute({
    method: 'POST',
    path: '/api/imports/preview',
    body: importFileBody.extend({ mapping: importMapping.optional() }),
    response: importPreview,
    problemCodes: importProblemCode,
  }),
  commit: defineRoute({
    method: 'POST',
    path: '/api/imports/commit',
    body: importFileBody.extend({
      /** For a CSV: how to read it (the preview's suggestion when left out). */
      mapping: importMapping.optional(),
      /** An imported account of this person's to add to, instead of the file source's own. */
      importedAccountId: z.string().uuid().optional(),
      /** The name of the new account a file of one account goes into (else Billow's guess). */
      accountName: text().trim().min(1).max(60).optional(),
    }),
    response: importResult,
    problemCodes: importProblemCode,
  }),
} as const;
