// Kysely builds and compiles a query's SQL on every call; for the small statements an API request
// runs, that costs about as much as running them on SQLite. A query of fixed shape is compiled
// once here, with a placeholder for each value, and each call only puts its values in.
import type { Compilable, CompiledQuery } from 'kysely';

const placeholder = (index: number) => `\u0000compiled-once:${index}\u0000`;

/**
 * `build` is called once, with placeholders for its arguments: it must pass each argument to
 * Kysely as a value (a parameter), unchanged. Anything else is refused when the query is compiled.
 */
export function compiledOnce<Args extends unknown[], R>(arity: Args['length'], build: (...args: Args) => Compilable<R>): (...args: Args) => CompiledQuery<R> {
  const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index));
  const compiled = build(...(placeholders as Args)).compile();
  // Each parameter of the compiled query: the index of the argument it takes, or -1 for a constant.
  const slots = compiled.parameters.map((value) => (typeof value === 'string' ? placeholders.indexOf(value) : -1));
  const used = new Set(slots.filter((slot) => slot >= 0));
  if (used.size !== arity || compiled.sql.includes('\u0000compiled-once:')) {
    throw new Error(`compiledOnce: each of the ${arity} arguments must reach the query as a parameter: ${compiled.sql}`);
  }
  return (...args) => ({ ...compiled, parameters: slots.map((slot, at) => (slot >= 0 ? args[slot] : compiled.parameters[at])) });
}
