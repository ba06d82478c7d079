/**
 * The lint rules that keep the architecture (docs/architecture.md), each shown to fail on a
 * deliberate violation: a module reading another module's tables, and an import cycle.
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
  it("refuses a module that imports another module's tables", async () => {
    // Linted as the text of an existing module file (the cycle rule reads the file's folder).
    const file = path.join(root, 'apps/server/src/modules/savings/savings.jobs.ts');
    const code = "import { bankItems } from '../banking/banking.tables';\nexport { bankItems };\n";
    expect(ruleIds(await eslint.lintText(code, { filePath: file }))).toContain(
      'no-restricted-imports',
    );
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
