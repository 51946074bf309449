/**
 * The Explore placeholder's loader: which dataset the URL names (`datasource_type=table&
 * datasource_id=N`, or Superset's `datasource=N__table`), loaded with the dataset checks of
 * show.server.ts. A malformed URL is a 400; a missing dataset a 404.
 */
import { z } from 'zod';
import { requireUserWith } from '../auth/current-user.server';
import { badRequest } from '../http.server';
import { getDatasetDetail, type DatasetDetail } from './show.server';

const ExploreUrlSchema = z.union([
  z.object({ datasource_type: z.literal('table'), datasource_id: z.coerce.number().int().positive() }),
  z.object({ datasource: z.string().regex(/^\d{1,15}__table$/) }).transform((v) => ({ datasource_type: 'table' as const, datasource_id: Number(v.datasource.split('__')[0]) })),
]);

export async function loadExplorePlaceholder(request: Request): Promise<{ dataset: DatasetDetail }> {
  const user = await requireUserWith(request, 'can_read', 'Dataset');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = ExploreUrlSchema.safeParse(params);
  if (!parsed.success) {
    throw badRequest('Say which dataset to explore: /explore/?datasource_type=table&datasource_id=<id>. Charts built on other kinds of data come with the Explore work.');
  }
  return { dataset: await getDatasetDetail(user, parsed.data.datasource_id) };
}
