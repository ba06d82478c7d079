import fs from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { classGroupsInUse } from './tailwind-class-groups';

const sourceRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Every word inside a string literal of the app's source: class names and much else. */
function wordsInStrings(): Set<string> {
  const words = new Set<string>();
  for (const file of sourceFiles(sourceRoot)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, ...literal] of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of literal.find((part) => part !== undefined)!.split(/\s+/)) {
        if (/^[!-~]+$/.test(word) && !word.includes('${')) words.add(word);
      }
    }
  }
  return words;
}

const fullConfig = getDefaultConfig();
const noConflicts = { conflictingClassGroups: {}, conflictingClassGroupModifiers: {} };
/** A merge that knows only these groups: it drops a repeated class only if the class is in one. */
const mergeKnowing = (classGroups: Partial<typeof fullConfig.classGroups>) =>
  createTailwindMerge(() => ({
    ...fullConfig,
    ...noConflicts,
    classGroups: classGroups as typeof fullConfig.classGroups,
  }));
const isKnownTo = (merge: (classes: string) => string, word: string) =>
  merge(`${word} ${word}`) === word;

// Tailwind classes of the app that belong to a group: arbitrary properties such as
// [animation-duration:2s] are merged by property whatever the groups.
const withoutGroups = mergeKnowing({});
const appClasses = [...wordsInStrings()].filter(
  (word) => isKnownTo(twMerge, word) && !isKnownTo(withoutGroups, word),
);

describe('cn', () => {
  it('knows every class group the app uses, and no other', () => {
    const needed = Object.keys(fullConfig.classGroups).filter((group) => {
      const merge = mergeKnowing({ [group]: fullConfig.classGroups[group as never] });
      return appClasses.some((word) => isKnownTo(merge, word));
    });
    expect(appClasses.length).toBeGreaterThan(300);
    expect([...classGroupsInUse].sort()).toEqual(needed.sort());
  });

  it('merges every pair of the app’s classes as tailwind-merge with all groups does', () => {
    const variantsOf = (word: string) => word.slice(0, word.lastIndexOf(':') + 1);
    const mismatches: string[] = [];
    for (const first of appClasses) {
      for (const second of appClasses) {
        // Classes conflict only under the same variants (hover:, sm:, dark: …).
        if (first === second || variantsOf(first) !== variantsOf(second)) continue;
        if (cn(first, second) !== twMerge(first, second)) mismatches.push(`${first} ${second}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets a later class win over an earlier one of the same group', () => {
    expect(cn('h-11 px-5 text-sm', 'h-9 text-base')).toBe('px-5 h-9 text-base');
    const isLink = false as boolean;
    expect(cn('rounded-full', isLink && 'rounded-md', 'w-full')).toBe('rounded-full w-full');
  });
});
