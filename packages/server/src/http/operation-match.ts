// Finds the spec operation a request is for, before anything else runs: the scope, deprecation
// and handler all hang off it. Unknown paths answer 404; known paths with another method 405,
// after authentication has counted the request's key, if it has one (authenticate.ts).
import type { RequestHandler } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import { methodNotAllowed, pathNotFound } from './api-error.js';
import { state } from './locals.js';

interface CompiledPath {
  pattern: RegExp;
  operations: Map<string, OperationInfo>;
}

export function compilePaths(operations: OperationInfo[]): CompiledPath[] {
  const byPath = new Map<string, CompiledPath>();
  for (const operation of operations) {
    let entry = byPath.get(operation.path);
    if (!entry) {
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      entry = { pattern: new RegExp(`^${source}/?$`), operations: new Map() };
      byPath.set(operation.path, entry);
    }
    entry.operations.set(operation.method.toUpperCase(), operation);
  }
  // Literal segments win over parameters where two templates could match one path.
  return [...byPath.entries()].sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0)).map(([, entry]) => entry);
}

export function matchOperation(operations: OperationInfo[]): RequestHandler {
  const paths = compilePaths(operations);
  return (req, res, next) => {
    // HEAD is GET without the body (Node leaves the body out, as it decided when the response was
    // made): from here on the validator and the handlers see the GET they know.
    if (req.method === 'HEAD') req.method = 'GET';
    const entry = paths.find((p) => p.pattern.test(req.path));
    const operation = entry?.operations.get(req.method);
    if (operation) state(res).operation = operation;
    else state(res).miss = entry ? methodNotAllowed(req.method, [...entry.operations.keys()].sort()) : pathNotFound(req.path);
    next();
  };
}
