// Finds the spec operation a request is for, before anything else runs: the scope, deprecation
// and handler all hang off it. Unknown paths answer 404; known paths with another method 405,
// after authentication has counted the request's key, if it has one (authenticate.ts).
import type { RequestHandler } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import { validationError } from '../domain/errors.js';
import { ApiError, fromDomainError, methodNotAllowed, pathNotFound } from './api-error.js';
import { state } from './locals.js';

interface CompiledPath {
  pattern: RegExp;
  /** The template's parameter names, in the order of the pattern's groups. */
  names: string[];
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
      const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      entry = { pattern: new RegExp(`^${source}/?$`), names, operations: new Map() };
      byPath.set(operation.path, entry);
    }
    entry.operations.set(operation.method.toUpperCase(), operation);
  }
  // Literal segments win over parameters where two templates could match one path.
  return [...byPath.entries()].sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0)).map(([, entry]) => entry);
}

/** The path's parameters, percent-decoded; a malformed escape is the caller's error (400). */
function pathParameters(names: string[], values: RegExpExecArray): Record<string, string> | ApiError {
  const parameters: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const raw = values[i + 1]!;
    try {
      parameters[names[i]!] = decodeURIComponent(raw);
    } catch {
      return fromDomainError(validationError([{ in: 'path', field: names[i]!, message: 'is not a valid percent-encoded value' }]));
    }
  }
  return parameters;
}

export function matchOperation(operations: OperationInfo[]): RequestHandler {
  const paths = compilePaths(operations);
  return (req, res, next) => {
    // HEAD is GET without the body (Node leaves the body out, as it decided when the response was
    // made): from here on the validator and the handlers see the GET they know.
    if (req.method === 'HEAD') req.method = 'GET';
    const path = req.path;
    let entry: CompiledPath | undefined;
    let values: RegExpExecArray | null = null;
    for (const candidate of paths) {
      values = candidate.pattern.exec(path);
      if (values) {
        entry = candidate;
        break;
      }
    }
    const operation = entry?.operations.get(req.method);
    const parameters = operation ? pathParameters(entry!.names, values!) : undefined;
    if (parameters instanceof ApiError) state(res).miss = parameters;
    else if (operation) {
      state(res).operation = operation;
      state(res).pathParams = parameters;
    } else state(res).miss = entry ? methodNotAllowed(req.method, [...entry.operations.keys()].sort()) : pathNotFound(req.path);
    next();
  };
}
