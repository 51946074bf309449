/**
 * Password hashing with scrypt, a memory-hard function (32 MiB a hash at these parameters), so
 * a stolen users table is slow to attack on GPUs. The parameters travel with each hash, so they
 * can be raised later without invalidating old passwords. Every hash runs in the process's fair
 * hashing slots (hash-slots.server.ts), so a burst of logins cannot take the whole machine.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { hashSlots } from './hash-slots.server';

const scrypt = promisify(crypto.scrypt) as (pw: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

/**
 * A well-formed hash of no one's password: checking against it costs what checking a real one
 * does, so an unknown username answers as slowly as a wrong password and timing tells nothing.
 */
export const UNKNOWN_USER_HASH = `scrypt$${N}$${r}$${p}$ggTCm+mp5R+AF76+UW3kTg==$H3oLsDScmSeknAihSRSn/J+vGUDx/jaHFH8ICuvDxlM=`;

/** `share`: whose turn this hash takes in the slots; by default a key of its own (only the slot count bounds it). */
export async function hashPassword(password: string, share: string = crypto.randomUUID()): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await hashSlots().run(share, () => scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 }));
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `share`: the key whose turn this check takes (the username, for logins), see hash-slots.server.ts. */
export async function verifyPassword(password: string, stored: string, share: string = crypto.randomUUID()): Promise<boolean> {
  const [scheme, n, rr, pp, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await hashSlots().run(share, () =>
    scrypt(password, Buffer.from(salt, 'base64'), expectedKey.length, { N: Number(n), r: Number(rr), p: Number(pp), maxmem: 256 * 1024 * 1024 }),
  );
  return crypto.timingSafeEqual(key, expectedKey);
}
