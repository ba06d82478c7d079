import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

/**
 * tailwind-merge with only the class groups the app uses, about a third of Tailwind's, written
 * out ahead of time (build/tailwind-merge-config.ts). Its whole default configuration was 8 %
 * of the script every page loads, and the first merge builds a lookup of every group it knows,
 * one of the longest tasks of a page's start on a phone. Merging is unchanged for
 * the app's classes: `cn.test.ts` checks the written configuration against the source and every
 * pair of its classes against the full one.
 * Protects `npm run bench:app`'s initial JS for /signup and /auth (target ≤ 120 kB gzip): 3.7 kB.
 */
const mergeClasses = createTailwindMerge(() => tailwindMergeConfig);

/** Joins class names and lets a later Tailwind class win over an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
