/**
 * The key other modules' tables point their foreign keys at (docs/architecture.md, "Modules"):
 * a gift card's id, never the gift cards table itself, which only this module reads and writes.
 */
import { giftCards } from './gift-cards.tables';

export const giftCardKey = () => giftCards.id;
