/**
 * The Drizzle schema: each feature keeps its tables in its own module folder; this file gathers
 * them so drizzle-kit and the query builder see every table.
 */
export * from '../modules/users/users.schema';
export * from '../modules/dev/outbox.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/one-time-codes/one-time-codes.schema';
export * from '../modules/analytics/analytics.schema';
export * from '../modules/banking/banking.schema';
export * from '../providers/bank/sandbox/sandbox-bank.schema';
export * from '../modules/subscriptions/subscriptions.schema';
export * from '../modules/savings/savings.schema';
export * from '../modules/rewards/rewards.schema';
