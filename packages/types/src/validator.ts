// Validates real responses against the bundled document: status documented for the operation,
// body valid against that status's schema, required headers present and valid. Tests of the
// server and the client use it so that "responses match the contract" is checked, not assumed.
import { createSchemaValidator } from './ajv.js';
import { followRefs } from './json-pointer.js';
import type { ValidateFunction } from 'ajv';
import spec from '../generated/openapi.json' with { type: 'json' };

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface HeaderObject {
  required?: boolean;
  schema?: Json;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject | { $ref: string }>;
}

// A path item holds `parameters`, `summary` and the like beside its operations.
const doc = spec as unknown as Json & { paths: Record<string, Record<string, Operation | string | unknown[]>>; components: Json };

const resolveRef = <T>(value: T | { $ref: string }): T => followRefs<T>(doc, value);

const operationsById = new Map<string, { method: string; path: string; operation: Operation }>();
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (operation && typeof operation === 'object' && 'operationId' in operation) {
      operationsById.set(operation.operationId, { method, path, operation });
    }
  }
}

const ajv = createSchemaValidator();
// The whole document is one schema resource, so `#/components/...` refs resolve inside it.
ajv.addSchema({ ...doc, $id: 'openapi.json' }, 'openapi.json');
const compiled = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
  const known = compiled.get(pointer);
  if (known) return known;
  const fn = ajv.compile({ $ref: `openapi.json#${pointer}` });
  compiled.set(pointer, fn);
  return fn;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ContractResponse {
  status: number;
  body: unknown;
  /** Header names in any case. */
  headers: Record<string, string | string[] | undefined> | Headers;
}

/** Returns the list of contract violations of one response; empty when it conforms. */
export function responseViolations(operationId: string, response: ContractResponse): string[] {
  const entry = operationsById.get(operationId);
  if (!entry) return [`unknown operationId ${operationId}`];
  const raw = entry.operation.responses[String(response.status)];
  if (!raw) return [`${operationId} does not document status ${response.status}`];
  const problems: string[] = [];
  const documented = resolveRef<ResponseObject>(raw);
  const headerValue = (name: string): string | undefined => {
    if (response.headers instanceof Headers) return response.headers.get(name) ?? undefined;
    const found = Object.entries(response.headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    return Array.isArray(found) ? found.join(', ') : found;
  };
  for (const [name, rawHeader] of Object.entries(documented.headers ?? {})) {
    const header = resolveRef<HeaderObject>(rawHeader);
    const value = headerValue(name);
    if (value === undefined) {
      if (header.required) problems.push(`missing required header ${name}`);
      continue;
    }
    if (header.schema) {
      const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
      const check = ajv.compile(header.schema);
      if (!check(typed)) problems.push(`header ${name}=${value}: ${ajv.errorsText(check.errors)}`);
    }
  }
  const media = documented.content?.['application/json'];
  if (media?.schema) {
    const basePointer = '$ref' in raw ? `/${raw.$ref.replace(/^#\//, '')}` : `/paths/${escape(entry.path)}/${entry.method}/responses/${response.status}`;
    const validate = validatorFor(`${basePointer}/content/application~1json/schema`);
    if (!validate(response.body)) {
      problems.push(`body: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
    }
  }
  return problems;
}

/** Throws with every violation when the response does not conform to the contract. */
export function assertResponseMatchesContract(operationId: string, response: ContractResponse): void {
  const problems = responseViolations(operationId, response);
  if (problems.length > 0) {
    throw new Error(
      `Response ${response.status} of ${operationId} violates the contract:\n  ${problems.join('\n  ')}\nBody: ${JSON.stringify(response.body).slice(0, 2000)}`,
    );
  }
}

export function documentedOperation(operationId: string): { method: string; path: string } | undefined {
  const entry = operationsById.get(operationId);
  return entry && { method: entry.method, path: entry.path };
}
