/**
 * The lint rules that keep the architecture (docs/architecture.md), each shown to fail on a
 * deliberate violation: a module (or core code) reading another module's tables, and an import
 * cycle; and the one exception, a tables file naming another's key (`*.keys.ts`) for a foreign
 * key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const scratch = path.join(import.meta.dirname, `lint-scratch-${process.pid}`);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function ruleIds(results: ESLint.LintResult[]) {
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

describe('the lint rules of the architecture', () => {
  // Each linted as the text of a file at that path; the cycle rule, which reads the files on
  // disk, is left to its own test.
  const boundaries = new ESLint({
    cwd: root,
    overrideConfig: { rules: { 'import/no-cycle': 'off' } },
  });
  const restrictedIn = async (relativePath: string, code: string) =>
    ruleIds(await boundaries.lintText(code, { filePath: path.join(root, relativePath) })).filter(
      (id) => id === 'no-restricted-imports',
    );
  const importsBankItems = (from: string) =>
    `import { bankItems } from '${from}';\nexport { bankItems };\n`;

  it("refuses a module that imports another module's tables", async () => {
    expect(
      await restrictedIn(
        'apps/server/src/modules/savings/savings.jobs.ts',
        importsBankItems('../banking/banking.tables'),
      ),
    ).not.toEqual([]);
  });

  it("refuses a repo that imports another module's tables, even from a folder inside its module", async () => {
    expect(
      await restrictedIn(
        'apps/server/src/modules/subscriptions/charges.repo.ts',
        importsBankItems('../banking/banking.tables'),
      ),
    ).not.toEqual([]);
    expect(
      await restrictedIn(
        'apps/server/src/modules/banking/simplefin/simplefin-items.ts',
        "import { users } from '../../users/users.tables';\nexport { users };\n",
      ),
    ).not.toEqual([]);
  });

  it("refuses core code that imports a module's tables", async () => {
    expect(
      await restrictedIn(
        'apps/server/src/jobs/ledger-check-figures.ts',
        importsBankItems('../modules/banking/banking.tables'),
      ),
    ).not.toEqual([]);
  });

  it("allows a tables file to import another module's keys, for a foreign key, and nothing else of it", async () => {
    const importsUserKey = "import { userKey } from '../users/users.keys';\nexport { userKey };\n";
    expect(
      await restrictedIn(
        'apps/server/src/modules/subscriptions/subscriptions.tables.ts',
        importsUserKey,
      ),
    ).toEqual([]);
    expect(
      await restrictedIn(
        'apps/server/src/modules/subscriptions/subscriptions.tables.ts',
        importsBankItems('../banking/banking.tables'),
      ),
    ).not.toEqual([]);
    expect(
      await restrictedIn('apps/server/src/modules/subscriptions/charges.repo.ts', importsUserKey),
    ).not.toEqual([]);
  });

  it('refuses an import cycle, and allows a type-only import back', async () => {
    fs.mkdirSync(scratch, { recursive: true });
    const a = path.join(scratch, 'a.ts');
    const b = path.join(scratch, 'b.ts');
    fs.writeFileSync(a, "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(b, "import { a } from './a';\nexport const b = () => a;\n");
    expect(ruleIds(await eslint.lintFiles([a]))).toContain('import/no-cycle');

    fs.writeFileSync(b, "import type { a } from './a';\nexport const b = (f: typeof a) => f;\n");
    expect(ruleIds(await eslint.lintFiles([a]))).not.toContain('import/no-cycle');
  });
});
