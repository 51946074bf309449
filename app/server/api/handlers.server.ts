/**
 * The generic resource endpoints as request → Response functions, so the thin `api.v1.$resource.*`
 * routes and any resource-specific route that takes over a path (say `api.v1.chart._index.ts`
 * adding POST) answer the same way: authenticate (requireUser, which also enforces CSRF on
 * cookie-authenticated mutations), find the resource (404 if unknown), parse `q`, call the
 * domain function, which checks the permission.
 */
import { FavoriteStatusQuerySchema, InfoQuerySchema, ListQuerySchema, RelatedQuerySchema } from '~/lib/list-query';
import { requireUser } from '../auth/current-user.server';
import { addFavorite, favoriteStatus, removeFavorite } from './favorites.server';
import { infoResource, listResource } from './list.server';
import { distinctResource, relatedResource } from './related.server';
import { getResource } from './resources.server';
import { apiRoute, json, methodNotAllowed, parseIdParam, parseQuery, resultResponse } from './respond.server';

type Name = string | undefined;

export function handleList(request: Request, resourceName: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    return json(await listResource(user, resource, parseQuery(request, ListQuerySchema)));
  });
}

export function handleInfo(request: Request, resourceName: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    return json(infoResource(user, resource, parseQuery(request, InfoQuerySchema)));
  });
}

export function handleRelated(request: Request, resourceName: Name, column: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    return json(await relatedResource(user, resource, column ?? '', parseQuery(request, RelatedQuerySchema)));
  });
}

export function handleDistinct(request: Request, resourceName: Name, column: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    return json(await distinctResource(user, resource, column ?? '', parseQuery(request, RelatedQuerySchema)));
  });
}

export function handleFavoriteStatus(request: Request, resourceName: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    return json(await favoriteStatus(user, resource, parseQuery(request, FavoriteStatusQuerySchema, [])));
  });
}

/** POST stars, DELETE unstars; both answer `{result: 'OK'}` as Superset does. */
export function handleFavorites(request: Request, resourceName: Name, idParam: Name): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    const resource = getResource(resourceName);
    const id = parseIdParam(idParam, resource.title.toLowerCase());
    const method = request.method.toUpperCase();
    if (method === 'POST') await addFavorite(user, resource, id);
    else if (method === 'DELETE') await removeFavorite(user, resource, id);
    else return methodNotAllowed(request, ['POST', 'DELETE']);
    return resultResponse('OK');
  });
}

/** For routes that do not (yet) take a method: authenticate first, so nobody learns more than a 401. */
export function handleUnsupportedMethod(request: Request, resourceName: Name, allowed: string[]): Promise<Response> {
  return apiRoute(async () => {
    await requireUser(request);
    getResource(resourceName);
    return methodNotAllowed(request, allowed);
  });
}

/**
 * For a resource's own `$id` route (say `api.v1.chart.$id.ts`): Remix ranks `/api/v1/chart/_info`
 * equally against `chart/:id` and `:resource/_info` and takes whichever comes first, so a `$id`
 * route should hand these fixed segments back here before reading its id:
 * `const generic = handleGenericSegment(request, 'chart', params.id); if (generic) return generic;`
 */
export function handleGenericSegment(request: Request, resourceName: string, segment: string | undefined): Promise<Response> | null {
  if (segment === '_info') return handleInfo(request, resourceName);
  if (segment === 'favorite_status') return handleFavoriteStatus(request, resourceName);
  return null;
}
