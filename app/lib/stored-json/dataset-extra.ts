/**
 * `datasets.extra`, a dataset's optional settings as JSON text: Superset's `warning_markdown`,
 * `certification` and `disallow_adhoc_metrics`; other keys (a newer Superset's) are kept as they
 * are. `is_managed_externally` and `external_url` have columns of their own since migration 0007.
 */
import { z } from 'zod';
import { lenient, readStoredJson } from './read-stored';

export const DatasetExtraSchema = z.looseObject({
  warning_markdown: lenient(z.string()),
  certification: lenient(z.looseObject({ certified_by: lenient(z.string()), details: lenient(z.string()) })),
  disallow_adhoc_metrics: lenient(z.boolean()),
});
export type DatasetExtra = z.output<typeof DatasetExtraSchema>;

export function readDatasetExtra(text: string | null | undefined): DatasetExtra {
  return readStoredJson(text, DatasetExtraSchema, () => ({}));
}
