/**
 * The generic resource endpoints' pieces on the one endpoint contract (endpoint.server.ts): the
 * path params naming a resource (a name that names none is a 404 listing those that do), the
 * methods the thin `api.v1.$resource.*` routes are made of, and the ones a resource's own route
 * reuses when it takes over a path (`api.v1.dataset._index.ts` adding POST to the generic list).
 * Every `run` calls a domain function of app/server/lists, which checks the permission.
 */
import { z } from 'zod';
import { FavoriteStatusQuerySchema, InfoQuerySchema, ListQuerySchema } from '~/lib/list-query';
import { DomainError } from '../domain-errors.server';
import { favoriteStatus } from '../lists/favorites.server';
import { infoResource, listResource } from '../lists/list.server';
import { endpoint, method, type Endpoint } from './endpoint.server';
import { idParam, rison } from './inputs.server';
import { getResource } from './resources.server';

/** The `{resource}` segment as the resource it names. */
const resourceParam = z.string().optional().transform((name, ctx) => {
  try {
    return getResource(name);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

export const ResourceParams = z.object({ resource: resourceParam });

/** `{resource}/related|distinct/{column}`: the column is checked by the domain function, which names the known ones. */
export const ColumnParams = z.object({ resource: resourceParam, column: z.string().optional().transform((c) => c ?? '') });

/** `{resource}/{id}/…`: an id that is not one names no object of the resource (404). */
export const ObjectParams = z.object({ resource: resourceParam, id: z.string().optional() }).transform((p, ctx) => {
  const id = idParam(p.resource.title.toLowerCase()).safeParse(p.id);
  if (id.success) return { resource: p.resource, id: id.data };
  for (const issue of id.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

/** GET `/api/v1/{resource}/`. */
export const listMethod = method({
  params: ResourceParams,
  query: rison(ListQuerySchema),
  run: (user, { params, query }) => listResource(user, params.resource, query),
});

/** GET of a resource's own list route (`api.v1.dataset._index.ts`): the generic list of `name`. */
export const listMethodOf = (name: string) =>
  method({ query: rison(ListQuerySchema), run: (user, { query }) => listResource(user, getResource(name), query) });

export const infoMethod = method({
  params: ResourceParams,
  query: rison(InfoQuerySchema),
  run: (user, { params, query }) => infoResource(user, params.resource, query),
});

export const favoriteStatusMethod = method({
  params: ResourceParams,
  query: rison(FavoriteStatusQuerySchema, []),
  run: (user, { params, query }) => favoriteStatus(user, params.resource, query),
});

const SEGMENTS: Record<string, Endpoint> = {
  _info: endpoint({ GET: infoMethod }),
  favorite_status: endpoint({ GET: favoriteStatusMethod }),
};

type Args = Parameters<Endpoint['loader']>[0];

/**
 * For a resource's own `$id` route (say `api.v1.chart.$id.ts`): Remix ranks `/api/v1/chart/_info`
 * equally against `chart/:id` and `:resource/_info` and takes whichever comes first, so the `$id`
 * route hands these fixed segments to the generic endpoints before reading its id:
 * `const api = withGenericSegments('chart', endpoint({ GET: … }));`
 */
export function withGenericSegments(resource: string, own: Endpoint): Endpoint {
  const pick = (args: Args): Endpoint | null => {
    const segment = args.params.id ?? '';
    return Object.hasOwn(SEGMENTS, segment) ? SEGMENTS[segment] : null;
  };
  const withResource = (args: Args): Args => ({ request: args.request, params: { ...args.params, resource } });
  return {
    loader: (args) => pick(args)?.loader(withResource(args)) ?? own.loader(args),
    action: (args) => pick(args)?.action(withResource(args)) ?? own.action(args),
    methods: own.methods,
  };
}
