/**
 * `datasets.extra`, a dataset's optional settings as JSON text: Superset's `warning_markdown`,
 * `certification` and `disallow_adhoc_metrics`, and what Sightline keeps there for lack of
 * columns (`is_managed_externally`, `external_url`: app/server/datasets/create.server.ts).
 */
import { z } from 'zod';
import { lenient, readStoredJson } from './read-stored';

export const DatasetExtraSchema = z.looseObject({
  warning_markdown: lenient(z.string()),
  certification: lenient(z.looseObject({ certified_by: lenient(z.string()), details: lenient(z.string()) })),
  disallow_adhoc_metrics: lenient(z.boolean()),
  is_managed_externally: lenient(z.boolean()),
  external_url: lenient(z.string()),
});
export type DatasetExtra = z.output<typeof DatasetExtraSchema>;

export function readDatasetExtra(text: string | null | undefined): DatasetExtra {
  return readStoredJson(text, DatasetExtraSchema, () => ({}));
}
