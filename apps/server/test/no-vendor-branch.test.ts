/**
 * Core code never branches on which bank (or other) vendor is behind a port: a vendor's quirks
 * live in its adapter under src/providers (docs/banking.md, "Where transactions come from").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = path.resolve(import.meta.dirname, '../src/modules');
/** A comparison with a vendor's (or the Link provider's) name, in code or in a query. */
const VENDOR_BRANCH = /(?:[!=]==\s*|eq\([^)]*,\s*)'(?:plaid|simplefin|sandbox|provider)'/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('core code and vendors', () => {
  it('never branches on a vendor in a module', () => {
    const branches = sourceFiles(CORE).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          VENDOR_BRANCH.test(line)
            ? [`${path.relative(CORE, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(branches).toEqual([]);
  });
});
