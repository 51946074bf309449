/**
 * GET /api/v1/explore/?form_data_key=&permalink_key=&slice_id=&datasource_id=&datasource_type=:
 * `{result: {dataset, form_data, slice, message, metadata}}`, what the Explore page opens with
 * (Superset's ExploreRestApi). Ids that are not integers are a 400; the other parameters of the
 * request go into the form data's url_params, as Superset puts them there.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import type { InputReader } from '~/server/api/inputs.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { getExploreContext, type ExploreParams, type UrlArgs } from '~/server/explore/context.server';

const id = z.string().regex(/^[1-9]\d{0,14}$/, 'Not a valid integer.').transform(Number).optional();
const ExploreParamsSchema = z.object({
  form_data_key: z.string().max(100).optional(),
  permalink_key: z.string().max(100).optional(),
  slice_id: id,
  datasource_id: id,
  datasource_type: z.string().regex(/^[a-z_]{1,32}$/, 'Not a valid datasource type.').optional(),
});

const exploreQuery: InputReader<{ params: ExploreParams; args: UrlArgs }> = {
  read(request) {
    const search = new URL(request.url).searchParams;
    const parsed = ExploreParamsSchema.safeParse(Object.fromEntries(search));
    if (!parsed.success) {
      throw new InvalidInputError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), [i.message]])));
    }
    return { params: parsed.data, args: [...search] };
  },
};

const api = endpoint({
  GET: method({ query: exploreQuery, run: (user, { query }) => getExploreContext(user, query.params, query.args) }),
});

export const loader = api.loader;
export const action = api.action;
