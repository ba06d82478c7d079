/**
 * The one string schema for what people and clients send. A NUL character cannot be stored in a
 * PostgreSQL text column (the insert fails, which used to surface as a 500), and a lone UTF-16
 * surrogate is silently turned into U+FFFD on the way in, so both are refused at the door with a
 * 400 validation problem. Every request body and query string field is built from `text()`.
 */
import { z } from 'zod';
// Wherever the web loads schemas, the shared validation wording loads with them (the barrel's own
// import of it is tree-shaken away in the web build).
import './zod-messages';

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL, and well-formed UTF-16 (every surrogate in a pair). */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Every string anywhere inside a JSON value (keys included) is safe text. */
export function hasOnlySafeText(value: unknown): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (Array.isArray(value)) return value.every(hasOnlySafeText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, inner]) => isSafeText(key) && hasOnlySafeText(inner));
  }
  return true;
}

/** A request string: z.string() that refuses NUL and lone surrogates before any other check. */
/* @__NO_SIDE_EFFECTS__ */
export function text() {
  return z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });
}
