/**
 * Database secrets at rest: AES-256-GCM with a key derived from SECRET_KEY (scrypt, fixed
 * context salt), a fresh 12-byte IV per value, and the auth tag checked on decrypt, so a
 * tampered or foreign ciphertext is refused rather than decrypted to garbage. What answers and
 * forms show in place of a secret is the engines' PASSWORD_MASK (app/server/engines/uri.server.ts).
 */
import crypto from 'node:crypto';
import { secretKey } from '../env.server';

const VERSION = 'v1';
let derived: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = secretKey();
  if (derived?.secret !== secret) {
    derived = { secret, key: crypto.scryptSync(secret, 'sightline/database-secrets', 32) };
  }
  return derived.key;
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('The stored secret is not in a known format.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('The stored secret cannot be decrypted: was SECRET_KEY changed?');
  }
}
