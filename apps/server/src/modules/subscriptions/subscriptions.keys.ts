/**
 * The key other modules' tables point their foreign keys at (docs/architecture.md, "Modules"):
 * a bill's id, never the subscriptions table itself, which only this module reads and writes.
 */
import { subscriptions } from './subscriptions.tables';

export const subscriptionKey = () => subscriptions.id;
