// express-openapi-validator on the served document: requests always; responses when configured
// (tests and development). Security is ours (authenticate.ts), so the validator skips it.
//
// The validator finds a request's route itself, by trying every path of the spec in turn on every
// request, and hands the request through five promise-chained middleware. The route is already
// known here (matchOperation), so the validator's own lookup runs once per operation: what it
// attaches to the request (`req.openapi`, the validator's documented request metadata, without
// the path's values) is kept and given to later requests of the same operation, with their path
// parameters. Its request and response validation run unchanged.
import * as OpenApiValidator from 'express-openapi-validator';
import type { Request, RequestHandler } from 'express';
import { API_BASE_PATH } from '../views/resource-path.js';
import { state } from './locals.js';

/** The parts of the validator's `req.openapi` that do not depend on the request. */
interface RouteMetadata {
  openApiRoute: string;
  pathParams: Record<string, string>;
}

type WithMetadata = Request & { openapi?: RouteMetadata };

/** The validator's middleware this server uses, by the names the validator gives them. */
export const STEPS = { metadata: 'metadataMiddleware', request: 'requestMiddleware', response: 'responseMiddleware' } as const;

export function validateAgainstSpec(spec: object, options: { validateResponses: boolean }): RequestHandler[] {
  const installed = OpenApiValidator.middleware({
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
  const byName = new Map(installed.map((step) => [step.name, step]));
  const metadata = byName.get(STEPS.metadata);
  const request = byName.get(STEPS.request);
  const response = byName.get(STEPS.response);
  // Another version of the validator, laid out differently: use it as it installs itself.
  if (!metadata || !request || (options.validateResponses && !response)) return installed;
  return [routeOnce(metadata), request, ...(response ? [response] : [])];
}

export function routeOnce(lookUp: RequestHandler): RequestHandler {
  const routes = new Map<string, RouteMetadata>();
  return (req, res, next) => {
    const { operation, pathParams = {} } = state(res);
    const known = operation ? routes.get(operation.operationId) : undefined;
    if (known) {
      (req as WithMetadata).openapi = { ...known, pathParams };
      req.params = pathParams;
      next();
      return;
    }
    return lookUp(req, res, (error?: unknown) => {
      const found = (req as WithMetadata).openapi;
      // Kept only when the validator found the operation this server matched.
      if (!error && operation && found && found.openApiRoute === API_BASE_PATH + operation.path) {
        routes.set(operation.operationId, { ...found, pathParams: {} });
      }
      next(error);
    });
  };
}
