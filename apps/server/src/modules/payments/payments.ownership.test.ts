/**
 * Only the banking module (and the adapters it hands them to) ever holds a bank credential: the
 * payments module gets an opaque debit handle for an account from banking and passes it to the
 * payment port as is (docs/payments.md, "Which accounts can pay"). Read from the source files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const sources = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));

describe('the payments module never sees a bank credential', () => {
  it('reads the payments module', () => {
    expect(sources.map((s) => s.name)).toContain('payments.service.ts');
  });

  it.each(sources)('$name reads none of banking’s tables and no cipher', ({ name, text }) => {
    const imports = [...text.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    const banking = imports.filter((from) => from?.includes('/banking/'));
    // The payments table's foreign key to bank_accounts (on delete set null) points at the key
    // banking publishes for it, not at banking's tables.
    expect(banking).toEqual(name === 'payments.tables.ts' ? ['../banking/banking.keys'] : []);
    expect(imports.filter((from) => from?.includes('security/encryption'))).toEqual([]);
    expect(text).not.toMatch(
      /\b(accessToken\w*|cipher|FieldCipher|bankItems|bank_items)\b|\.decrypt\(/i,
    );
    expect(text).not.toMatch(/\bbankAccounts\b/);
  });
});
