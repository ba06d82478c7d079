/**
 * 'meal_kit' → 'meal kit': identifiers from the server shown as words (docs/subscriptions.md,
 * "Dates and amounts").
 */
export function plainWords(value: string): string {
  return value.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}
