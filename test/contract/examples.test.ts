// Every named example of every request body and response must be valid against its schema,
// and every request body and response must have at least one.
import { describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { followRefs } from '@seo-geo/types/json-pointer';
import { createSchemaValidator } from '@seo-geo/types/ajv';

type Json = Record<string, any>;
const doc = spec as Json;
const ajv = createSchemaValidator();
ajv.addSchema({ ...doc, $id: 'doc' }, 'doc');

const resolve = (node: any): any => followRefs(doc, node);

const mediaTypes: Array<[string, Json]> = [];
const pathItems = [...Object.entries(doc.paths as Json), ...Object.entries((doc.webhooks ?? {}) as Json)];
for (const [path, item] of pathItems) {
  for (const [method, operation] of Object.entries(item as Json)) {
    if (operation.requestBody) mediaTypes.push([`${operation.operationId} request`, resolve(operation.requestBody).content['application/json']]);
    for (const [status, response] of Object.entries(operation.responses as Json)) {
      if (status === '204') continue; // no content, nothing to exemplify
      // Every media type: JSON, and files such as the CSV export.
      for (const [type, media] of Object.entries(resolve(response).content as Json)) {
        mediaTypes.push([`${operation.operationId} ${status} ${type} (${method} ${path})`, media as Json]);
      }
    }
  }
}

describe('named examples', () => {
  it.each(mediaTypes)('%s has named examples valid against its schema', (_name, media) => {
    const examples = Object.entries(media.examples ?? {});
    expect(examples.length).toBeGreaterThan(0);
    // Schemas are $refs into the bundle; compile them relative to the document registered above.
    const validate = ajv.compile(media.schema.$ref ? { $ref: `doc${media.schema.$ref}` } : media.schema);
    for (const [exampleName, example] of examples) {
      const valid = validate(resolve(example).value);
      expect(valid, `${exampleName}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
