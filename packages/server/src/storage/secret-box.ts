// Webhook signing secrets must be recoverable (the service signs with them), so they cannot be
// hashed like API keys. With WEBHOOK_SECRETS_KEY set they are sealed at rest with AES-256-GCM,
// bound to their endpoint's id (a sealed secret copied to another row does not open), so a dump
// or backup of the database alone does not give them away. Without a key (the embedded default)
// they are stored as they are, and rows written before a key was set keep working.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** The value to store for `secret`, which belongs to the row `owner`. */
  seal(secret: string, owner: string): string;
  /** The secret from its stored value; throws when it is sealed and cannot be opened. */
  open(stored: string, owner: string): string;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** `key`: 32 bytes, or null to store secrets as they are. */
export function createSecretBox(key: Buffer | null): SecretBox {
  if (key !== null && key.length !== 32) throw new SecretBoxError('The secrets key must be 32 bytes');
  return {
    seal(secret, owner) {
      if (key === null) return secret;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
    },
    open(stored, owner) {
      if (!stored.startsWith(SEALED)) return stored;
      if (key === null) throw new SecretBoxError('A webhook secret is encrypted, but WEBHOOK_SECRETS_KEY is not set');
      const [iv, tag, sealed] = stored.slice(SEALED.length).split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(owner));
        decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('A webhook secret could not be decrypted: WEBHOOK_SECRETS_KEY is not the key it was encrypted with');
      }
    },
  };
}

/** Stores secrets as they are: for code that never reads or writes one. */
export const PLAIN_SECRETS = createSecretBox(null);
