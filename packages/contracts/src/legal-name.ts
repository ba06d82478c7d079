/**
 * A full legal name as Billow accepts it (docs/profile.md): negotiation calls read it out and
 * annual plans are bought under it, so it is letters of any script with the spaces, hyphens,
 * apostrophes and periods that names use, and at least two letters. Digits, emoji and other
 * symbols are refused: a call agent reads them aloud and transcripts show them as tofu.
 */
import { authMessages } from './auth-texts';

export const legalNameMessages = {
  /** Empty, or a single letter. */
  missing: authMessages.enterLegalName,
  invalidCharacters: 'Use letters, spaces, hyphens, apostrophes and periods only.',
} as const;

/** Starts with a letter; then letters, combining marks, spaces and ' ’ - ‐ . only. */
const NAME_SHAPE = /^\p{L}[\p{L}\p{M} '’\-‐.]*$/u;
const LETTER = /\p{L}/gu;

/** What is wrong with a (trimmed) legal name, or null when it is one Billow accepts. */
export function legalNameProblem(name: string): string | null {
  if ((name.match(LETTER) ?? []).length < 2) return legalNameMessages.missing;
  if (!NAME_SHAPE.test(name)) return legalNameMessages.invalidCharacters;
  return null;
}
