/**
 * The sandbox ledger's own records, as Plaid Transfer would keep them on its side. Billow's
 * payments module never reads these; it talks to the ledger through the PaymentProvider port.
 * They live in the sandbox bank's schema, so the `public` schema holds nothing of the sandbox.
 */
import { bigint, boolean, integer, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sandboxBankSchema } from '../../bank/sandbox/sandbox-bank.tables';

export const sandboxTransferAuthorizations = sandboxBankSchema.table('transfer_authorizations', {
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  accountId: text().notNull(),
  amountCents: bigint({ mode: 'number' }).notNull(),
  decision: text({ enum: ['approved', 'declined'] }).notNull(),
  rationale: text(),
  description: text(),
  availableCents: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxTransfers = sandboxBankSchema.table('transfers', {
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique(),
  authorizationId: text().notNull().unique(),
  accountId: text().notNull(),
  amountCents: bigint({ mode: 'number' }).notNull(),
  /** The account is flagged to return debits: this one comes back NSF (R01) days later. */
  willReturn: boolean().notNull(),
  isReturned: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const sandboxTransferEvents = sandboxBankSchema.table(
  'transfer_events',
  {
    eventId: serial().primaryKey(),
    transferId: text().notNull(),
    type: text().notNull(),
    returnCode: text(),
    dayOffset: integer().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [unique('transfer_events_once').on(table.transferId, table.type)],
);
