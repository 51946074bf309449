/**
 * The browser session: a signed, httpOnly, SameSite=Lax cookie holding the user id, the CSRF
 * token and flashed toasts. Nothing secret is stored in it; the signature stops tampering.
 */
import crypto from 'node:crypto';
import { createCookieSessionStorage, type Session } from '@remix-run/node';
import type { Toast } from '~/lib/toasts';
import type { InputReader } from '../api/inputs.server';
import { env, secretKey } from '../env.server';

type SessionData = { userId: number; csrf: string };
type FlashData = { toasts: Toast[] };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: 'sightline_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      // Off by default: self-hosted installs often start on plain http; turn on behind TLS.
      secure: env().COOKIE_SECURE === 'true',
      secrets: [secretKey()],
      maxAge: 60 * 60 * 24 * 14,
    },
  });
  return storage;
}

export type AppSession = Session<SessionData, FlashData>;

export async function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get('Cookie'));
}

export async function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export async function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/**
 * The session as an endpoint's input, read from the request's cookie like a body or a query:
 * `security/csrf_token/` answers the token kept in it.
 */
export const sessionInput: InputReader<AppSession> = { read: getSession };

/** The session's CSRF token, created on first use. */
export function csrfToken(session: AppSession): string {
  let token = session.get('csrf');
  if (!token) {
    token = crypto.randomBytes(24).toString('base64url');
    session.set('csrf', token);
  }
  return token;
}

/** Queues toasts to show on the next page, so they survive a redirect (and need no JavaScript). */
export async function flashToasts(request: Request, toasts: Toast[]): Promise<string> {
  const session = await getSession(request);
  session.flash('toasts', toasts);
  return commitSession(session);
}
