/** POST (star) and DELETE (unstar) /api/v1/<chart|dashboard>/<id>/favorites/: both answer `{result: 'OK'}`, as Superset does. */
import { endpoint, method } from '~/server/api/endpoint.server';
import { ObjectParams } from '~/server/api/handlers.server';
import { addFavorite, removeFavorite } from '~/server/lists/favorites.server';

const api = endpoint({
  POST: method({
    params: ObjectParams,
    run: async (user, { params }) => {
      await addFavorite(user, params.resource, params.id);
      return { result: 'OK' };
    },
  }),
  DELETE: method({
    params: ObjectParams,
    run: async (user, { params }) => {
      await removeFavorite(user, params.resource, params.id);
      return { result: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
