/**
 * The tinted-letter fallback for a logo we don't have (a bank, a merchant): the same name always
 * gets the same readable tint, in both themes. Full class names, so Tailwind keeps them.
 */
const letterTints = [
  'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200',
  'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-200',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-200',
  'bg-orange-100 text-orange-900 dark:bg-orange-400/15 dark:text-orange-200',
] as const;

export function letterTintOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return letterTints[hash % letterTints.length]!;
}

/** The first letter of a name, upper-cased ('?' for an empty name). */
export function firstLetterOf(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
}

/** 'https://www.chase.com/personal' → 'chase.com'. */
export function domainOf(website: string): string {
  return website
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/)[0]!;
}
