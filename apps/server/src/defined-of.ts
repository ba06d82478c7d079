/**
 * Drops the entries whose value is undefined, so an optional setting (a test's clock, a logger)
 * can be handed on as `...definedOf({ clock })` where the receiver declares it optional: with
 * exactOptionalPropertyTypes an optional property may be absent but not undefined.
 */
export function definedOf<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
