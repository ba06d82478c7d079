/**
 * Every Drizzle table: each feature keeps its tables in its own `<feature>.tables.ts` (in the
 * server, "schema" means a zod schema); this file gathers them so drizzle-kit and the query
 * builder see every table.
 */
export * from '../modules/users/users.tables';
export * from '../providers/outbox/outbox.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/access-tokens/access-tokens.tables';
export * from '../modules/analytics/analytics.tables';
export * from '../modules/banking/banking.tables';
export * from '../providers/bank/sandbox/sandbox-bank.tables';
export * from '../modules/subscriptions/subscriptions.tables';
export * from '../modules/one-time-codes/one-time-codes.tables';
export * from '../modules/savings/savings.tables';
export * from '../modules/ledgers/ledgers.tables';
export * from '../modules/rewards/rewards.tables';
export * from '../modules/negotiations/negotiations.tables';
export * from '../modules/cancellations/cancellations.tables';
export * from '../modules/calendar/calendar.tables';
export * from '../modules/gift-cards/gift-cards.tables';
export * from '../modules/payments/payments.tables';
export * from '../providers/payment/sandbox/sandbox-ledger.tables';
export * from '../modules/reminders/reminders.tables';
export * from '../modules/alerts/alerts.tables';
export * from '../modules/chat/chat.tables';
export * from '../modules/imports/imports.tables';
export * from '../modules/sms-status/sms-status.tables';
export * from '../jobs/job-workers.tables';
