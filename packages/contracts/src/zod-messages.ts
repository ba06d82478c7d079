/**
 * Billow speaks the generic validation messages (docs/errors.md, "Validation messages"):
 * "Required", "Expected string, received number", "String must contain at least 1 character(s)", ….
 * Those are the wording of zod 3; zod 4 words them differently, so we install one global error map
 * that restores them. A message set on a schema (e.g. 'Card value must be positive') still wins
 * over this map.
 */
import { config, type z } from 'zod';

type Issue = z.core.$ZodRawIssue;

function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

function sizeMessage(issue: Issue, min: boolean): string {
  const origin = String(issue.origin ?? '');
  const bound = String(min ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  if (origin === 'string') {
    const word = min ? (inclusive ? 'at least' : 'over') : inclusive ? 'at most' : 'under';
    return `String must contain ${word} ${bound} character(s)`;
  }
  if (origin === 'array' || origin === 'set') {
    const word = min
      ? inclusive
        ? 'at least'
        : 'more than'
      : inclusive
        ? 'at most'
        : 'fewer than';
    return `Array must contain ${word} ${bound} element(s)`;
  }
  const kind = origin === 'date' ? 'Date' : 'Number';
  const relation = min
    ? inclusive
      ? 'greater than or equal to'
      : 'greater than'
    : inclusive
      ? 'less than or equal to'
      : 'less than';
  return `${kind} must be ${relation} ${bound}`;
}

/** The message for one zod issue, in the shared wording. */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${String(issue.expected)}, received ${receivedType(issue.input)}`;
    case 'too_small':
      return sizeMessage(issue, true);
    case 'too_big':
      return sizeMessage(issue, false);
    case 'invalid_value': {
      const values = (issue.values as unknown[] | undefined) ?? [];
      if (values.length === 1)
        return `Invalid literal value, expected ${JSON.stringify(values[0])}`;
      const expected = values.map((v) => `'${String(v)}'`).join(' | ');
      return `Invalid enum value. Expected ${expected}, received '${String(issue.input)}'`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? 'Invalid' : `Invalid ${String(issue.format)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${(issue.keys as string[]).map((k) => `'${k}'`).join(', ')}`;
    default:
      return 'Invalid input';
  }
}

// `config`, not `z.config`: the web build takes calls on `z` as pure (vite.config.ts), and this
// one is here for its effect.
config({ customError: (issue) => issueMessage(issue) });
