// Ajv is CommonJS; under NodeNext a default import is the module object. One place that
// unwraps it, configured for OpenAPI 3.1 (JSON Schema 2020-12) with formats.
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  ((formatsModule as unknown as { default: AddFormats | { default: AddFormats } }).default as { default?: AddFormats }).default ??
  (formatsModule as unknown as { default: AddFormats }).default;

export function createSchemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}
