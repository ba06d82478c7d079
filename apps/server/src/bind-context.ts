/**
 * A service made of plain functions of its context (docs/architecture.md, "Modules"): `bind(f)`
 * is `f` with the context given, so the service lists each path once, by name, and its
 * parameters are written only where the function is.
 */
export function bindContext<C>(ctx: C) {
  return <A extends unknown[], R>(f: (ctx: C, ...args: A) => R) =>
    (...args: A): R =>
      f(ctx, ...args);
}
