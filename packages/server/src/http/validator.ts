// express-openapi-validator on the served document: requests always; responses when configured
// (tests and development). Security is ours (authenticate.ts), so the validator skips it.
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { memoiseValidatorRouteRegexps } from './route-regexp-cache.js';

export function validateAgainstSpec(spec: object, options: { validateResponses: boolean }): RequestHandler[] {
  memoiseValidatorRouteRegexps();
  return OpenApiValidator.middleware({
    // The validator mutates the document it is given; the served copy must stay pristine.
    apiSpec: structuredClone(spec) as never,
    // Query and path parameters are always read as their schema's types (the validator coerces
    // them whatever this says); `coerceTypes: false` keeps JSON bodies as typed: `{"name": 12}`
    // is refused, not stored as "12".
    validateRequests: { allowUnknownQueryParameters: false, allErrors: true, coerceTypes: false },
    validateResponses: options.validateResponses ? { allErrors: true } : false,
    validateSecurity: false,
    validateFormats: true,
    ignoreUndocumented: false,
  });
}
