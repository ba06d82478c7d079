/**
 * Identifiers that look like Plaid's (37 base62 characters) and are a pure function of their key:
 * the sandbox bank's /transactions/sync diffs two snapshots by transaction_id, so the same
 * transaction must get the same id every time it is generated.
 */
import { hash32, keyOf, Rng } from './prng';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Four independently salted 32-bit streams, interleaved, give ~128 bits: no birthday worries. */
export function stableId(parts: readonly (string | number)[], length = 37): string {
  const key = keyOf(parts);
  const streams = [0, 1, 2, 3].map((salt) => new Rng(hash32(key, salt)));
  let out = '';
  // Each draw gives 32 bits: enough for five base62 characters.
  for (let draw = 0; out.length < length; draw++) {
    const stream = streams[draw % streams.length];
    if (!stream) throw new Error('unreachable: four streams');
    let bits = Math.floor(stream.next() * 4294967296);
    for (let i = 0; i < 5 && out.length < length; i++) {
      out += BASE62[bits % 62];
      bits = Math.floor(bits / 62);
    }
  }
  return out;
}

/** The last four digits of an account number. */
export function stableMask(parts: readonly (string | number)[]): string {
  return String(hash32(keyOf(parts)) % 10000).padStart(4, '0');
}
