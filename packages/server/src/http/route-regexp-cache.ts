// express-openapi-validator (5.6) compiles every route of the spec into a regular expression again
// on every request, to find the request's route: a tenth of the server's CPU under load. The
// compilation is a pure function of the route and two flags, so it is memoised here, on the same
// path-to-regexp module instance the validator loads. Nothing else changes in the validator.
import { createRequire } from 'node:module';

interface PathToRegexpModule {
  pathToRegexp: (path: unknown, options?: { sensitive?: boolean; strict?: boolean; end?: boolean; trailing?: boolean }) => unknown;
  __seoGeoMemoised?: boolean;
}

const MAX_ENTRIES = 1_000;

export function memoiseValidatorRouteRegexps(): void {
  const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = requireFromValidator('path-to-regexp') as PathToRegexpModule;
  if (module.__seoGeoMemoised) return;
  const original = module.pathToRegexp;
  const cache = new Map<string, unknown>();
  module.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return original(path, options);
    const key = `${path}\u0000${options?.sensitive ? 1 : 0}${options?.strict ? 1 : 0}${options?.end === false ? 0 : 1}${options?.trailing === false ? 0 : 1}`;
    let compiled = cache.get(key);
    if (compiled === undefined) {
      compiled = original(path, options);
      if (cache.size < MAX_ENTRIES) cache.set(key, compiled);
    }
    return compiled;
  };
  module.__seoGeoMemoised = true;
}
