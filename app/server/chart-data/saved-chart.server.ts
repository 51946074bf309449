/**
 * `GET /api/v1/chart/{id}/data/`: the chart's saved query context, run with the format, result
 * type and force the query string gives (Superset's ChartDataRestApi.get_data). A chart whose
 * dataset the user may not see is answered like a chart that does not exist (Superset filters
 * charts by datasource access); a chart saved without a query context is a 400 asking to save it
 * again.
 */
import { readChartQueryContext } from '~/lib/stored-json/chart-query-context';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { loadDatasetSource } from '../datasets/source.server';
import { models } from '../db.server';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../domain-errors.server';
import { parseChartDataRequest } from './request.server';
import { chartData, type ChartDataAnswer } from './service.server';

export interface SavedChartDataInput {
  id: number;
  format?: string;
  type?: string;
  force: boolean;
  signal?: AbortSignal;
}

export async function savedChartData(user: CurrentUser, input: SavedChartDataInput): Promise<ChartDataAnswer> {
  const chart = await models().Chart.findByPk(input.id);
  if (!chart) throw new NotFoundError('Not found');
  const context = readChartQueryContext(chart.query_context);
  if (!context.datasource || context.queries.length === 0) throw new InvalidInputError('Chart has no query context saved. Please save the chart again.');
  const request = parseChartDataRequest({
    ...context,
    result_format: input.format ?? 'json',
    result_type: input.type ?? 'full',
    force: input.force,
  });
  if (request.result_format !== 'json') requirePermission(user, 'can_csv', 'Superset');
  const loaded = await loadDatasetSource(user, request.datasource).catch((error: unknown) => {
    throw error instanceof ForbiddenError ? new NotFoundError('Not found') : error;
  });
  const ref = { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type, cache_timeout: chart.cache_timeout };
  return chartData(user, request, { chart: ref, loaded, signal: input.signal });
}
