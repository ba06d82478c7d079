/**
 * How an error reaches the log: its type, a scrubbed message and stack, and a few diagnostic
 * fields (SQLSTATE code, constraint, table…), for it and each of its causes. Never the SQL
 * `query` or its `params` (Drizzle puts both on its errors, and into their message), never a
 * PostgreSQL `detail` ("Key (phone_number)=(+1…) already exists."), and never anything that
 * looks like a phone number, email, code or token inside a message. An allow-list, so a field a
 * library adds tomorrow stays out until someone decides it is safe.
 */

/** Fields worth keeping for diagnosis that hold no user data (pg, Node and Fastify errors). */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'statusCode',
] as const;

const MAX_CAUSE_DEPTH = 5;

const SCRUBBERS: [RegExp, string][] = [
  // Drizzle's "Failed query: <sql>\nparams: <values>": keep only that a query failed.
  [/Failed query:[\s\S]*/g, 'Failed query'],
  // PostgreSQL quotes the offending input: 'invalid input syntax for type uuid: "…"'.
  [/: "[^"]*"/g, ': "[redacted]"'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[token]'],
  [/[A-Za-z0-9_-]{32,}/g, '[token]'],
  [/\+?\d{6,}/g, '[number]'],
];

/** A message with anything personal or secret replaced by a placeholder. */
export function scrubMessage(message: string): string {
  return SCRUBBERS.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    message,
  );
}

type ErrorLike = { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown };

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

function typeName(error: ErrorLike): string {
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && constructorName !== 'Object') return constructorName;
  return typeof error.name === 'string' ? error.name : 'Error';
}

/** The stack's frames under a scrubbed first line (a stack repeats the message it was made with). */
function scrubStack(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames.map(scrubMessage)].join('\n');
}

type SerializedError = Record<string, unknown> & { type: string; message: string };

export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return typeof error === 'string' ? scrubMessage(error) : error;
  const type = typeName(error);
  const message = scrubMessage(String(error.message ?? ''));
  const serialized: SerializedError = { type, message };
  const stack = scrubStack(error.stack, `${type}: ${message}`);
  if (stack) serialized.stack = stack;
  for (const field of SAFE_FIELDS) {
    const value = (error as Record<string, unknown>)[field];
    if (typeof value === 'string') serialized[field] = scrubMessage(value);
    else if (typeof value === 'number') serialized[field] = value;
  }
  const aggregated = (error as { errors?: unknown }).errors;
  if (Array.isArray(aggregated) && depth < MAX_CAUSE_DEPTH) {
    serialized.aggregateErrors = aggregated.map((inner) => serializeError(inner, depth + 1));
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/** An error's message fit to store or log (a failed job's output, for one). */
export function safeErrorMessage(error: unknown): string {
  const serialized = serializeError(error);
  if (typeof serialized === 'object' && serialized !== null && 'message' in serialized) {
    const { message, cause } = serialized as SerializedError;
    const causeMessage =
      typeof cause === 'object' && cause !== null && 'message' in cause
        ? String((cause as SerializedError).message)
        : undefined;
    return causeMessage ? `${message}: ${causeMessage}` : message;
  }
  return String(serialized);
}
