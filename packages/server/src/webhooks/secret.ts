// Endpoint signing secrets in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes
// (192 bits; the HMAC-SHA256 key the receiver verifies with).
import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}
