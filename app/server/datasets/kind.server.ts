/** A dataset is virtual when SQL defines it, physical when it names a table (Superset's `kind`). */
import type { Dataset } from '../../../db/index';

export type DatasetKind = 'physical' | 'virtual';

export function datasetKind(dataset: Pick<Dataset, 'sql'>): DatasetKind {
  return dataset.sql && dataset.sql.trim() ? 'virtual' : 'physical';
}
