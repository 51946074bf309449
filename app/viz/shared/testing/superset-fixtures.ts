/**
 * The query contexts Superset's own buildQuery functions made for the example charts
 * (tests/fixtures/superset-query-contexts/*.json), for chart types' build-query tests. Loaded with
 * Vite's import.meta.glob, so tests under app/viz need no Node imports. Test-only: nothing in the
 * app imports this.
 */
import type { QueryContext } from '~/lib/chart-data/types';

interface FixtureFile {
  chart: { slice_name: string; viz_type: string; uuid?: string; file?: string; table_name?: string };
  query_context: QueryContext & { form_data: { viz_type: string; datasource?: string; [key: string]: unknown } };
  [key: string]: unknown;
}

export interface SupersetQueryFixture extends FixtureFile {
  /** The file name under tests/fixtures/superset-query-contexts. */
  file: string;
}

const modules = import.meta.glob<FixtureFile>('../../../../tests/fixtures/superset-query-contexts/*.json', {
  eager: true,
  import: 'default',
});

const ALL: SupersetQueryFixture[] = Object.entries(modules)
  .filter(([file]) => !file.endsWith('/_summary.json'))
  .map(([file, fixture]) => ({ ...fixture, file: file.slice(file.lastIndexOf('/') + 1) }))
  .sort((a, b) => a.file.localeCompare(b.file));

/** Every fixture, or those of one viz type. */
export function supersetQueryFixtures(vizType?: string): SupersetQueryFixture[] {
  return vizType ? ALL.filter((fixture) => fixture.chart.viz_type === vizType) : ALL;
}

/** JSON's view of a value: undefined fields dropped and key order irrelevant, as on the wire. */
export function wire<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}
