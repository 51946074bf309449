/**
 * /api/v1/saved_query/{id}: show, update (PUT) and delete one of the user's saved queries; another
 * user's is a 404. `_info` and `favorite_status` share this path's shape, and Remix ranks
 * `saved_query/:id` and `:resource/_info` alike, so GET answers them here the generic way.
 */
import { z } from 'zod';
import { FavoriteStatusQuerySchema, InfoQuerySchema, type FavoriteStatusQuery, type InfoQuery } from '~/lib/list-query';
import { SavedQueryUpdateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody, idParam, parseRisonQuery, type InputReader } from '~/server/api/inputs.server';
import { favoriteStatus } from '~/server/lists/favorites.server';
import { infoResource } from '~/server/lists/list.server';
import { getResource } from '~/server/api/resources.server';
import { deleteSavedQuery, getSavedQuery, SHOW_COLUMNS, updateSavedQuery } from '~/server/sqllab/saved-queries.server';

const Params = z.object({ id: idParam('saved query') });
/** The path's last segment: a generic one, or the saved query's id. */
const ShowParams = z.object({
  id: z.string().optional().transform((value, ctx): '_info' | 'favorite_status' | number => {
    if (value === '_info' || value === 'favorite_status') return value;
    const id = idParam('saved query').safeParse(value);
    if (id.success) return id.data;
    ctx.addIssue({ code: 'custom', message: id.error.issues[0].message });
    return z.NEVER;
  }),
});

/** Each generic segment reads `q` with its own schema; showing a saved query reads none. */
const showQuery: InputReader<{ info: InfoQuery } | { favorites: FavoriteStatusQuery } | null> = {
  read(request) {
    const url = new URL(request.url);
    const segment = url.pathname.replace(/\/+$/, '').split('/').pop();
    if (segment === '_info') return { info: parseRisonQuery(url, InfoQuerySchema) };
    if (segment === 'favorite_status') return { favorites: parseRisonQuery(url, FavoriteStatusQuerySchema, []) };
    return null;
  },
};

const api = endpoint({
  GET: method({
    params: ShowParams,
    query: showQuery,
    run: async (user, { params, query }) => {
      if (query && 'info' in query) return infoResource(user, getResource('saved_query'), query.info);
      if (query && 'favorites' in query) return favoriteStatus(user, getResource('saved_query'), query.favorites);
      // Neither generic segment: the reader saw an id, which ShowParams made a number.
      const id = params.id as number;
      return { id, result: await getSavedQuery(user, id), show_columns: SHOW_COLUMNS, show_title: 'Show Saved Query' };
    },
  }),
  PUT: method({
    params: Params,
    body: fieldsBody(SavedQueryUpdateSchema, { decodeJson: false }),
    run: (user, { params, body }) => updateSavedQuery(user, params.id, body),
  }),
  DELETE: method({
    params: Params,
    run: async (user, { params }) => {
      await deleteSavedQuery(user, params.id);
      return { message: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
