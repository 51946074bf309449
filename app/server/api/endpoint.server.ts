/**
 * The one way to write an API route (`api/v1/*` and the legacy Flask-AppBuilder paths the SQL Lab
 * client calls). A route module declares, per HTTP method, zod-backed readers for its path
 * params, its `q` or query parameters and its body, and a `run(user, input)` that calls one
 * domain function; this module does the rest, the same way for every route:
 * - authenticates first (requireUser: a bearer token or the session cookie, CSRF on
 *   cookie-authenticated writes); nobody logged in gets a 401 `{message}`, never the login page;
 * - answers a method the route does not take with 405 and an Allow header, after
 *   authenticating, so nobody learns more than a 401;
 * - reads and validates the input (inputs.server.ts), then runs;
 * - answers the result as JSON (`reply` chooses another envelope or a stream), or maps what was
 *   thrown through error-response.server.ts, the one error mapper.
 * Usage, in `app/routes/<path>.ts`:
 *   const api = endpoint({ GET: { params: z.object({ id: idParam('tab') }), run: (user, { params }) => getTab(user, params.id) } });
 *   export const loader = api.loader;
 *   export const action = api.action;
 * See docs/decisions/006-one-endpoint-contract.md.
 */
import type { z } from 'zod';
import { requireUser, type CurrentUser } from '../auth/current-user.server';
import { bearerToken } from '../auth/tokens.server';
import { NotAuthenticatedError } from '../domain-errors.server';
import { errorResponse, json } from './error-response.server';
import { parseParams, type InputReader } from './inputs.server';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface EndpointInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Aborted when the client goes away: long work (an export, a query) stops with it. */
  signal: AbortSignal;
  /** `https://host:port` the client called, for links the answer carries (permalinks). */
  origin: string;
}

interface MethodCommon<P, Q, B, R> {
  /** Path params (`$id` segments); a failure is a 404, since such a path names nothing. */
  params?: z.ZodType<P>;
  /** The query string: `rison(schema)` for `q`, `searchParams(schema)` for plain parameters. */
  query?: InputReader<Q>;
  /** The body: `jsonBody(schema)` or `fieldsBody(schema, …)`. */
  body?: InputReader<Promise<B>>;
  /** The answer for the result: JSON of it by default (status `status`, 200 unless given). */
  reply?: (result: R, input: EndpointInput<P, Q, B>) => Response | Promise<Response>;
  status?: number;
}

/** A method for logged-in users (the default, and nearly every route). */
export interface UserMethod<P, Q, B, R> extends MethodCommon<P, Q, B, R> {
  /**
   * The permission check that needs no input (`requirePermission(user, 'can_write', 'Database')`),
   * run before the input is read, so a caller without the right learns only that: a 403, not
   * which field of the body was wrong.
   */
  allow?: (user: CurrentUser) => void;
  run(user: CurrentUser, input: EndpointInput<P, Q, B>): R | Promise<R>;
}

/**
 * A method anyone may call (`security/login`, `security/refresh`): nobody is authenticated, so
 * `run` gets null for the user. Only for auth: everything else needs a user.
 */
export interface PublicMethod<P, Q, B, R> extends MethodCommon<P, Q, B, R> {
  public: true;
  /** The request's bearer token, for `security/refresh` (HTTP by nature, like sessions). */
  run(user: null, input: EndpointInput<P, Q, B> & { bearer: string | null }): R | Promise<R>;
}

// `any` here only: each method's own types are checked where `method()` infers them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethod = UserMethod<any, any, any, any> | PublicMethod<any, any, any, any>;

export type EndpointSpec = Partial<Record<HttpMethod, AnyMethod>>;

/** Infers one method's types from its readers (use it for each entry of `endpoint({...})`). */
export function method<P = Record<string, never>, Q = undefined, B = undefined, R = unknown>(spec: PublicMethod<P, Q, B, R>): PublicMethod<P, Q, B, R>;
export function method<P = Record<string, never>, Q = undefined, B = undefined, R = unknown>(spec: UserMethod<P, Q, B, R>): UserMethod<P, Q, B, R>;
export function method(spec: AnyMethod): AnyMethod {
  return spec;
}

type Args = { request: Request; params: Record<string, string | undefined> };

async function authenticate(request: Request): Promise<CurrentUser> {
  try {
    return await requireUser(request);
  } catch (error) {
    // The legacy paths are outside /api/, where requireUser redirects pages to the login page:
    // every endpoint here is called by code, which wants the 401.
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw new NotAuthenticatedError();
    throw error;
  }
}

async function runMethod(spec: AnyMethod, request: Request, rawParams: Args['params']): Promise<Response> {
  const isPublic = 'public' in spec && spec.public;
  const user = isPublic ? null : await authenticate(request);
  if (user && 'allow' in spec && spec.allow) spec.allow(user);
  const params = spec.params ? parseParams(spec.params, rawParams) : {};
  const query = spec.query ? await spec.query.read(request) : undefined;
  const body = spec.body ? await spec.body.read(request) : undefined;
  const input = { params, query, body, signal: request.signal, origin: new URL(request.url).origin };
  const result = isPublic
    ? await (spec as PublicMethod<unknown, unknown, unknown, unknown>).run(null, { ...input, bearer: bearerToken(request) })
    : await (spec as UserMethod<unknown, unknown, unknown, unknown>).run(user as CurrentUser, input);
  if (spec.reply) return spec.reply(result, input);
  return json(result, { status: spec.status ?? 200 });
}

export interface Endpoint {
  /** Remix's loader: GET and HEAD. */
  loader(args: Args): Promise<Response>;
  /** Remix's action: every other method. */
  action(args: Args): Promise<Response>;
  /** The methods this endpoint takes, for the 405's Allow header and the route tests. */
  readonly methods: readonly HttpMethod[];
}

export function endpoint(spec: EndpointSpec): Endpoint {
  const methods = METHODS.filter((m) => spec[m]);
  const handle = async ({ request, params }: Args): Promise<Response> => {
    try {
      const asked = request.method.toUpperCase();
      const chosen = spec[(asked === 'HEAD' ? 'GET' : asked) as HttpMethod];
      if (!chosen) {
        // A public endpoint refuses the method without asking who calls; the others authenticate first.
        if (!methods.some((m) => 'public' in spec[m]!)) await authenticate(request);
        return json({ message: `${asked} is not allowed here; use ${methods.join(' or ')}.` }, { status: 405, headers: { Allow: methods.join(', ') } });
      }
      return await runMethod(chosen, request, params);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return { loader: handle, action: handle, methods };
}

export { json } from './error-response.server';
