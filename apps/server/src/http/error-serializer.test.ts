import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../db/unavailable';
import { safeErrorMessage, scrubMessage, serializeError } from './error-serializer';

function uniqueViolation() {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "users_phone_number_key"'),
    {
      code: '23505',
      constraint: 'users_phone_number_key',
      table: 'users',
      detail: 'Key (phone_number)=(+14155550100) already exists.',
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("phone_number") values ($1)',
    ['+14155550100', 'ada@example.com'],
    cause,
  );
}

describe(serializeError.name, () => {
  it('keeps the type, SQLSTATE and constraint of a failed query but not its SQL, values or detail', () => {
    const serialized = serializeError(uniqueViolation());
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      cause: { code: '23505', constraint: 'users_phone_number_key', table: 'users' },
    });
    const text = JSON.stringify(serialized);
    for (const secret of ['4155550100', 'ada@example.com', 'insert into', 'Key (phone_number)'])
      expect(text).not.toContain(secret);
  });

  it('scrubs emails, codes, tokens and quoted input out of messages', () => {
    expect(scrubMessage('invalid input syntax for type uuid: "not-a-uuid"')).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(scrubMessage('sent 123456 to +14155550100 and ada@example.com')).toBe(
      'sent [number] to [number] and [email]',
    );
    expect(scrubMessage('bad eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe('bad [token]');
  });

  it('gives a stored job failure the same scrubbed words', () => {
    expect(safeErrorMessage(uniqueViolation())).toBe(
      'Failed query: duplicate key value violates unique constraint "users_phone_number_key"',
    );
  });
});

describe(isDatabaseUnavailable.name, () => {
  it('finds a lost connection anywhere in the cause chain, and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], refused))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(uniqueViolation())).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
