/**
 * The Explore placeholder's web half: which dataset the URL names (`datasource_type=table&
 * datasource_id=N`, or Superset's `datasource=N__table`), loaded with the dataset checks of
 * app/server/datasets/show.server.ts. A malformed URL is a 400; a missing dataset a 404.
 */
import { z } from 'zod';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { getDatasetDetail, type DatasetDetail } from '~/server/datasets/show.server';
import { InvalidInputError } from '~/server/domain-errors.server';

const ExploreUrlSchema = z.union([
  z.object({ datasource_type: z.literal('table'), datasource_id: z.coerce.number().int().positive() }),
  z.object({ datasource: z.string().regex(/^\d{1,15}__table$/) }).transform((v) => ({ datasource_type: 'table' as const, datasource_id: Number(v.datasource.split('__')[0]) })),
]);

export async function loadExplorePlaceholder(request: Request): Promise<{ dataset: DatasetDetail }> {
  const user = await requireUserWith(request, 'can_read', 'Dataset');
  return pageResult(async () => {
    const parsed = ExploreUrlSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) {
      throw new InvalidInputError('Say which dataset to explore: /explore/?datasource_type=table&datasource_id=<id>. Charts built on other kinds of data come with the Explore work.');
    }
    return { dataset: await getDatasetDetail(user, parsed.data.datasource_id) };
  });
}
