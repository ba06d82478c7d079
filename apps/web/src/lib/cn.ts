import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { classGroupsInUse } from './tailwind-class-groups';

/**
 * tailwind-merge with only the class groups the app uses, about a third of Tailwind's. The first
 * merge builds a lookup of every group it knows, one of the longest tasks of a page's start on a
 * phone (issue 16); fewer groups, less to build. Merging is unchanged for the app's classes:
 * `cn.test.ts` checks the list against the source and every pair of its classes against the full
 * set.
 */
const mergeClasses = createTailwindMerge(() => {
  const config = getDefaultConfig();
  const inUse = new Set<string>(classGroupsInUse);
  const classGroups = Object.fromEntries(
    Object.entries(config.classGroups).filter(([group]) => inUse.has(group)),
  ) as typeof config.classGroups;
  return { ...config, classGroups };
});

/** Joins class names and lets a later Tailwind class win over an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
