/**
 * A foreign key refused a write (SQLSTATE 23503): the row it points at is not there, or a row
 * that points at it keeps it from being deleted. Drizzle wraps the driver's error, so the cause
 * chain is searched.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
