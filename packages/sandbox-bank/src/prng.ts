/**
 * Seeded randomness for the sandbox bank. Every random choice is drawn from a generator keyed by
 * what it decides (seed, persona, stream, occurrence), never from a shared sequence: drawing one
 * more or one fewer value elsewhere must not move anything else, so that two overlapping windows
 * of the same history agree on every transaction they share.
 */

/** A 32-bit string hash (cyrb53's mixing, folded to 32 bits); `salt` gives independent hashes. */
export function hash32(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ (h2 >>> 3)) >>> 0;
}

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Joins key parts with a separator no part contains, so ('a', 'bc') and ('ab', 'c') differ. */
export function keyOf(parts: readonly (string | number)[]): string {
  return parts.join('\u001f');
}

/**
 * mulberry32 with the usual helpers. A class rather than closures: the generator makes tens of
 * thousands of these per history, and prototype methods cost nothing per instance.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  }

  weighted<T extends { weight: number }>(items: readonly T[]): T {
    let total = 0;
    for (const item of items) total += item.weight;
    let target = this.next() * total;
    for (const item of items) {
      target -= item.weight;
      if (target < 0) return item;
    }
    return this.pick(items);
  }

  /** A code such as the 9 characters after "AMZN Mktp US*". */
  code(length: number, alphabet = UPPER_ALNUM): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

export function createRng(...parts: (string | number)[]): Rng {
  return new Rng(hash32(keyOf(parts)));
}

/** Knuth's Poisson sampler: how many purchases of a kind happen on a day. Fine for small rates. */
export function poisson(rng: Rng, rate: number): number {
  const limit = Math.exp(-rate);
  let count = 0;
  let product = rng.next();
  while (product > limit) {
    count++;
    product *= rng.next();
  }
  return count;
}
