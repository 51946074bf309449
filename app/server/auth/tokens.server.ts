/**
 * API tokens as Superset issues them: a short-lived access JWT and a long-lived refresh JWT,
 * HS256-signed with the secret key. A token carries only the user id and its kind; roles are
 * read fresh on every request, so revoking a role takes effect at once.
 */
import { SignJWT, jwtVerify } from 'jose';
import { env, secretKey } from '../env.server';

export type TokenKind = 'access' | 'refresh';

const key = () => new TextEncoder().encode(secretKey());

export async function issueToken(userId: number, kind: TokenKind, fresh = false): Promise<string> {
  const ttl = kind === 'access' ? env().ACCESS_TOKEN_TTL_SECONDS : env().REFRESH_TOKEN_TTL_SECONDS;
  return new SignJWT({ type: kind, fresh })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${ttl}s`)
    .sign(key());
}

type Verified = { id: number; kind: unknown; expiresAtMs: number };

/**
 * Tokens this process has verified, so a client sending the same token on every request pays for
 * the HMAC once (WebCrypto runs it on the thread pool the metadata store's queries need too). A
 * token's signature never changes, and expiry is checked on each use, so remembering it changes
 * nothing about what is accepted; tokens are not revocable one by one (roles are read fresh).
 */
const verified = new Map<string, Verified>();
const VERIFIED_MAX = 1_000;

function remember(token: string, entry: Verified) {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, entry);
}

/** The user id a valid token of this kind names, or null for anything expired, forged or of the other kind. */
export async function verifyToken(token: string, kind: TokenKind): Promise<number | null> {
  let entry = verified.get(token);
  if (!entry) {
    try {
      const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!payload.sub || !Number.isInteger(id) || typeof payload.exp !== 'number') return null;
      entry = { id, kind: payload.type, expiresAtMs: payload.exp * 1000 };
      remember(token, entry);
    } catch {
      return null;
    }
  }
  if (entry.expiresAtMs <= Date.now()) {
    verified.delete(token);
    return null;
  }
  return entry.kind === kind ? entry.id : null;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match ? match[1].trim() : null;
}
