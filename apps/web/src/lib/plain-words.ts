/** 'meal_kit' → 'meal kit': identifiers from the server shown as words (spec part 2 §2). */
export function plainWords(value: string): string {
  return value.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}
