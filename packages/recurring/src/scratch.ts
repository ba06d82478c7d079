/**
 * Reusable typed-array scratch space for the fitting loops. A typed array of more than a few
 * elements is allocated outside the JavaScript heap, which costs more than the short loops that
 * use it (and more again when the collector frees it); detection runs thousands of such loops
 * per household. Each use site owns one scratch, gets a buffer at least as long as it asks for,
 * and must write every element before reading it. Detection is synchronous and no use site is
 * re-entered while its buffer is in use.
 * Protects `npm run bench:detect`'s throughput per CPU second (≥ 1 M tx/s): dev set 0.30–0.32 M,
 * not 0.21–0.22 M allocating per fit (own corpus 0.84–0.92 M, not 0.65–0.82 M).
 */
type Scratch<T> = (length: number) => T;

export function float64Scratch(): Scratch<Float64Array> {
  let buffer = new Float64Array(64);
  return (length) => {
    if (buffer.length < length) buffer = new Float64Array(Math.max(length, 2 * buffer.length));
    return buffer;
  };
}

export function int32Scratch(): Scratch<Int32Array> {
  let buffer = new Int32Array(64);
  return (length) => {
    if (buffer.length < length) buffer = new Int32Array(Math.max(length, 2 * buffer.length));
    return buffer;
  };
}
