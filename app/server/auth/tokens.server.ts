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

/** The user id a valid token of this kind names, or null for anything expired, forged or of the other kind. */
export async function verifyToken(token: string, kind: TokenKind): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'] });
    if (payload.type !== kind || !payload.sub) return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match ? match[1].trim() : null;
}
