/**
 * Writes `src/lib/tailwind-merge-config.ts`: tailwind-merge's default configuration cut down to
 * the class groups the app's classes fall in. `cn` merges with it, so a page carries
 * and builds only those groups instead of tailwind-merge's whole default configuration, which
 * was 8 % of the script every page loads and one of the longest tasks of its start on a
 * phone. Merging is unchanged for the app's classes: `src/lib/cn.test.ts` fails when the written
 * file is not what this module writes for the current source, and checks every pair of the
 * app's classes against the full configuration.
 *
 * Run `npx tsx build/tailwind-merge-config.ts` (in apps/web) after the test says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';

const webRoot = path.resolve(import.meta.dirname, '..');
const sourceRoot = path.join(webRoot, 'src');
export const CONFIG_FILE = path.join(sourceRoot, 'lib/tailwind-merge-config.ts');

type Config = ReturnType<typeof getDefaultConfig>;
type ClassGroups = Config['classGroups'];

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
    if (file === CONFIG_FILE) continue;
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
export const mergeKnowing = (classGroups: Partial<ClassGroups>) =>
  createTailwindMerge(() => ({
    ...fullConfig,
    ...noConflicts,
    classGroups: classGroups as ClassGroups,
  }));

const isKnownTo = (merge: (classes: string) => string, word: string) =>
  merge(`${word} ${word}`) === word;

/**
 * The Tailwind classes of the app that belong to a group. Arbitrary properties such as
 * [animation-duration:2s] are merged by property whatever the groups, so they are left out.
 */
export function appClasses(): string[] {
  const withoutGroups = mergeKnowing({});
  return [...wordsInStrings()].filter(
    (word) => isKnownTo(twMerge, word) && !isKnownTo(withoutGroups, word),
  );
}

/** The class groups at least one of these classes falls in, in tailwind-merge's order. */
export function groupsOf(classes: readonly string[]): string[] {
  return Object.keys(fullConfig.classGroups).filter((group) => {
    const merge = mergeKnowing({ [group]: fullConfig.classGroups[group as keyof ClassGroups] });
    return classes.some((word) => isKnownTo(merge, word));
  });
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, validator]) => [validator, name]),
);

/**
 * A configuration value as TypeScript source: validators and theme getters by name, and an array
 * the configuration repeats by the name of its one copy (`shared`; tailwind-merge only reads
 * them).
 */
function source(value: unknown, shared?: ReadonlyMap<string, string>): string {
  if (typeof value === 'function') {
    const getter = value as { isThemeGetter?: boolean; themeKey?: string };
    if (getter.isThemeGetter) return `fromTheme(${JSON.stringify(getter.themeKey)})`;
    const name = validatorNames.get(value);
    if (!name) throw new Error(`a configuration function tailwind-merge does not export`);
    return `v.${name}`;
  }
  if (Array.isArray(value)) {
    const name = shared?.get(source(value));
    return name ?? `[${value.map((item) => source(item, shared)).join(', ')}]`;
  }
  if (value !== null && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${source(item, shared)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/** How often each array (by its source) appears in a configuration value, outer ones first. */
function arrayCounts(value: unknown, into = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(value)) {
    const key = source(value);
    into.set(key, (into.get(key) ?? 0) + 1);
    for (const item of value) arrayCounts(item, into);
  } else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) arrayCounts(item, into);
  return into;
}

/** An array repeated in the groups is written once when it is at least this long in source. */
const SHARED_ARRAY_LENGTH = 24;

/**
 * The arrays to write once, by source, each with its name: those written out more than once
 * otherwise. One repeated only inside another written once is left inside it.
 */
function sharedArrays(value: unknown): Map<string, string> {
  const counts = arrayCounts(value);
  const isRepeated = (array: string) =>
    (counts.get(array) ?? 0) > 1 && array.length >= SHARED_ARRAY_LENGTH;
  const written = new Map<string, number>();
  const visit = (item: unknown): void => {
    if (Array.isArray(item)) {
      const array = source(item);
      if (isRepeated(array)) written.set(array, (written.get(array) ?? 0) + 1);
      else item.forEach(visit);
    } else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit);
  };
  visit(value);
  const names = [...written].filter(([, count]) => count > 1);
  return new Map(names.map(([array], index) => [array, `scale${index + 1}`]));
}

/** The theme keys a configuration value reads. */
function themeKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'function') {
    const getter = value as { isThemeGetter?: boolean; themeKey?: string };
    if (getter.isThemeGetter && getter.themeKey) into.add(getter.themeKey);
  } else if (Array.isArray(value)) for (const item of value) themeKeys(item, into);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) themeKeys(item, into);
  return into;
}

/** The written file for these class groups, formatted as the repository formats TypeScript. */
export async function renderConfig(groups: readonly string[]): Promise<string> {
  const inUse = new Set(groups);
  const pick = <T>(record: Record<string, T>, map: (value: T) => T = (value) => value) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([key]) => inUse.has(key))
        .map(([key, value]) => [key, map(value)]),
    );
  const classGroups = pick(fullConfig.classGroups);
  const inUseOnly = (others: readonly string[]) => others.filter((other) => inUse.has(other));
  const conflicting = pick(fullConfig.conflictingClassGroups, inUseOnly);
  const conflictingModifiers = pick(fullConfig.conflictingClassGroupModifiers, inUseOnly);
  const keys = themeKeys(classGroups);
  const theme = Object.fromEntries(
    Object.entries(fullConfig.theme).filter(([key]) => keys.has(key)),
  );
  const shared = sharedArrays(classGroups);
  const lines = [
    '// Written by build/tailwind-merge-config.ts; do not edit. It is tailwind-merge’s default',
    '// configuration with only the class groups the app uses (cn.ts).',
    "import { type Config, fromTheme, validators as v } from 'tailwind-merge';",
    '',
    'type Groups = Config<string, string>;',
    '',
    ...[...shared].map(([array, name]) => `const ${name} = ${array};`),
    '',
    'export const tailwindMergeConfig: Groups = {',
    `  cacheSize: ${source(fullConfig.cacheSize)},`,
    `  theme: ${source(theme)},`,
    '  classGroups: {',
    ...Object.entries(classGroups).map(
      ([group, value]) => `    ${source(group)}: ${source(value, shared)},`,
    ),
    '  },',
    `  conflictingClassGroups: ${source(conflicting)},`,
    `  conflictingClassGroupModifiers: ${source(conflictingModifiers)},`,
    `  postfixLookupClassGroups: ${source(inUseOnly(fullConfig.postfixLookupClassGroups))},`,
    `  orderSensitiveModifiers: ${source(fullConfig.orderSensitiveModifiers)},`,
    '};',
    '',
  ];
  const options = await prettier.resolveConfig(CONFIG_FILE);
  return prettier.format(lines.join('\n'), { ...options, filepath: CONFIG_FILE });
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(CONFIG_FILE, await renderConfig(groupsOf(appClasses())));
  process.stdout.write(`wrote ${path.relative(process.cwd(), CONFIG_FILE)}\n`);
}
