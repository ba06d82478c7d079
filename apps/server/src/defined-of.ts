/**
 * The named entries of an object whose value is defined, so an optional setting (a test's clock,
 * a logger) can be handed on as `...definedOf(options, 'clock')` where the receiver declares it
 * optional: with exactOptionalPropertyTypes an optional property may be absent, not undefined.
 */
export function definedOf<T extends object, K extends keyof T>(
  values: T,
  ...keys: K[]
): { [P in K]?: Exclude<T[P], undefined> } {
  const picked: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) {
    if (values[key] !== undefined) picked[key] = values[key] as Exclude<T[K], undefined>;
  }
  return picked;
}
