import type { QueryContext } from '~/lib/chart-data/types';
import { buildQueryContext } from '../shared/query';
import type { FormData } from '../types';

/** One query of the metric over the filters, as Superset's BigNumberTotal. */
export function buildQuery(formData: FormData): QueryContext {
  return buildQueryContext(formData, (base) => [base]);
}
