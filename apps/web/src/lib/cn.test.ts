import fs from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { appClasses, CONFIG_FILE, groupsOf, renderConfig } from '../../build/tailwind-merge-config';
import { cn } from './cn';

const classes = appClasses();

describe('cn', () => {
  it('merges with tailwind-merge’s configuration cut to the class groups the app uses', async () => {
    expect(classes.length).toBeGreaterThan(300);
    const groups = groupsOf(classes);
    expect(groups.length).toBeGreaterThan(50);
    // Out of date: run `npx tsx build/tailwind-merge-config.ts` in apps/web.
    expect(fs.readFileSync(CONFIG_FILE, 'utf8')).toBe(await renderConfig(groups));
  });

  it('merges every pair of the app’s classes as tailwind-merge with all groups does', () => {
    const variantsOf = (word: string) => word.slice(0, word.lastIndexOf(':') + 1);
    const mismatches: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        // Classes conflict only under the same variants (hover:, sm:, dark: …).
        if (first === second || variantsOf(first) !== variantsOf(second)) continue;
        if (cn(first, second) !== twMerge(first, second)) mismatches.push(`${first} ${second}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every pair of the app's classes: pure work that cannot hang, so no wall-clock limit for a
    // busy machine to break (how fast cn is belongs in `npm run bench`).
  }, 0);

  it('lets a later class win over an earlier one of the same group', () => {
    expect(cn('h-11 px-5 text-sm', 'h-9 text-base')).toBe('px-5 h-9 text-base');
    const isLink = false as boolean;
    expect(cn('rounded-full', isLink && 'rounded-md', 'w-full')).toBe('rounded-full w-full');
  });
});
