// The Standard Webhooks headers of one attempt: `webhook-id` (the event id, the same on every
// retry), `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
// (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), computed by the reference library so that
// any Standard Webhooks verifier accepts them.
import { Webhook } from 'standardwebhooks';

export function signedHeaders(input: { secret: string; eventId: string; body: string; at: Date }): Record<string, string> {
  const signature = new Webhook(input.secret).sign(input.eventId, input.at, input.body);
  return {
    'content-type': 'application/json',
    'webhook-id': input.eventId,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
