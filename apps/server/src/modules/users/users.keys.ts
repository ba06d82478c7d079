/**
 * The key other modules' tables point their foreign keys at (docs/architecture.md, "Modules"):
 * a person's id, never the users table itself, which only this module reads and writes.
 */
import { users } from './users.tables';

export const userKey = () => users.id;
