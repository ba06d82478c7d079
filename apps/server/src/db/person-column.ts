/**
 * A figure of a person's that another module owns, asked for inside a reader's own statement:
 * the owner writes the SQL on its tables (a scalar subquery on the person's id) and reads back the
 * value it gave, so the reader sends one statement, not one per owner, and never names the
 * owner's tables. The profile, read on every page load, takes its parts this way (issue 42).
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';

export type PersonColumn<T> = {
  /** The subquery, given the SQL of the person's id in the reader's statement (e.g. users.id). */
  of: (userId: SQLWrapper) => SQL<unknown>;
  /** The value, from what the database answered for the subquery. */
  read: (raw: unknown) => T;
};
