import { beforeAll, describe, expect, it } from 'vitest';

let secrets: typeof import('./secrets.server');

beforeAll(async () => {
  process.env.SECRET_KEY = 'unit-test-secret-key-0123456789';
  secrets = await import('./secrets.server');
});

describe('database secrets', () => {
  it('round-trips and never stores the plain text', () => {
    const stored = secrets.encryptSecret('p@ss:word');
    expect(stored).not.toContain('p@ss');
    expect(secrets.decryptSecret(stored)).toBe('p@ss:word');
  });

  it('uses a fresh IV for every value', () => {
    expect(secrets.encryptSecret('same')).not.toBe(secrets.encryptSecret('same'));
  });

  it('refuses tampered or unknown ciphertexts', () => {
    const [v, iv, tag, body] = secrets.encryptSecret('secret').split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    expect(() => secrets.decryptSecret([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow('cannot be decrypted');
    expect(() => secrets.decryptSecret('plain')).toThrow('not in a known format');
  });
});
