/**
 * A tiny seeded random source (mulberry32) so the corpus is the same on every machine and run:
 * scores can be compared across algorithm changes only when the data does not move.
 */

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; `weights[i]` belongs to `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** Upper-case letters and digits, as processors print reference numbers. */
  reference(length: number): string;
};

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: (items, weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        const item = items[i];
        if (roll < 0 && item !== undefined) return item;
      }
      return random.pick(items);
    },
    reference: (length) => {
      let text = '';
      // At least one digit, as real reference numbers have; the cleaner relies on it.
      const digitAt = Math.floor(next() * length);
      for (let i = 0; i < length; i++) {
        const pool = i === digitAt ? '0123456789' : REFERENCE_ALPHABET;
        text += pool[Math.floor(next() * pool.length)];
      }
      return text;
    },
  };
  return random;
}
