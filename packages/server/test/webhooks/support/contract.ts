// What a receiver may rely on, checked against the bundled document's `webhooks` section: the
// event body against the request body schema of its event, the three headers against theirs.
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { createSchemaValidator } from '@seo-geo/types/ajv';
import type { ReceivedDelivery } from './receiver.js';

const doc = spec as unknown as {
  webhooks: Record<string, { post: { parameters: Array<{ name: string; schema: object }> } }>;
  components: { examples: Record<string, { value: any }> };
};
const ajv = createSchemaValidator();
ajv.addSchema({ ...(spec as object), $id: 'openapi.json' }, 'openapi.json');

/** Violations of the contract by one delivery of an event of `type`; empty when it conforms. */
export function eventViolations(type: string, delivery: ReceivedDelivery): string[] {
  const webhook = doc.webhooks[type];
  if (!webhook) return [`no webhook ${type} in the document`];
  const problems: string[] = [];
  const validateBody = ajv.compile({ $ref: `openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema` });
  if (!validateBody(JSON.parse(delivery.body))) problems.push(`body: ${ajv.errorsText(validateBody.errors)}`);
  const headers: Record<string, unknown> = {
    'webhook-id': delivery.webhookId,
    'webhook-timestamp': Number(delivery.webhookTimestamp),
    'webhook-signature': delivery.webhookSignature,
  };
  for (const parameter of webhook.post.parameters) {
    const validate = ajv.compile(parameter.schema);
    if (!validate(headers[parameter.name])) problems.push(`header ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

/** A contract-valid audit run (the document's own example), for events whose content does not matter. */
export function exampleAuditRun(): any {
  return structuredClone(doc.components.examples.AuditCompletedEventExample!.value.data);
}
