/**
 * Tells "the database is not there right now" from every other failure, so the HTTP layer can
 * answer 503 with Retry-After (try again, nothing is wrong with your request) instead of a 500
 * (we have a bug). Drizzle wraps driver errors, so the whole cause chain is searched.
 */

/** Node socket errors of a connection that cannot be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server that is going away or cannot take us: class 08 (connection exception),
 * 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections), and
 * 57014, a statement cancelled (past the statement timeout, see database.ts: a server too busy
 * to answer in time).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300' || code === '57014';
}

/** node-postgres and PGlite say these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Query read timeout/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^PGlite is closed/,
];

function isUnavailableError(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || isUnavailableSqlState(code)))
    return true;
  return (
    typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
  );
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    if (isUnavailableError(current)) return true;
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
