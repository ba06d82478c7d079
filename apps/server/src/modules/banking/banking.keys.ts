/**
 * The keys other modules' tables point their foreign keys at (docs/architecture.md, "Modules"):
 * an account's and a transaction's id, never banking's tables, which only banking reads and writes.
 */
import { bankAccounts, bankTransactions } from './banking.tables';

export const bankAccountKey = () => bankAccounts.id;
export const bankTransactionKey = () => bankTransactions.id;
