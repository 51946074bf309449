/**
 * Our base query object against the query contexts Superset's own buildQuery functions made for
 * the example charts (tests/fixtures/superset-query-contexts). Every field the base query object
 * sets must match, except those the chart type's buildQuery sets itself (listed per type below,
 * from the plugins' buildQuery.js); for the types whose buildQuery is only the base query object
 * (possibly with a sort), the whole first query must match.
 */
import { describe, expect, test } from 'vitest';
import { supersetQueryFixtures, wire } from '../testing/superset-fixtures';
import { buildQueryContext, buildQueryObject } from './index';

const BASE_FIELDS = [
  'filters',
  'extras',
  'applied_time_extras',
  'columns',
  'metrics',
  'orderby',
  'annotation_layers',
  'row_limit',
  'row_offset',
  'series_columns',
  'series_limit',
  'series_limit_metric',
  'order_desc',
  'url_params',
  'custom_params',
  'custom_form_data',
  'time_range',
  'granularity',
] as const;

/** Fields each type's Superset buildQuery sets over the base query object. */
const SET_BY_TYPE: Record<string, string[]> = {
  pie: ['orderby'],
  funnel: ['orderby'],
  radar: ['orderby'],
  big_number_total: [],
  gauge_chart: [],
  sunburst_v2: [],
  treemap_v2: [],
  word_cloud: [],
  sankey_v2: [],
  graph_chart: [],
  tree_chart: [],
  big_number: ['columns'],
  box_plot: ['columns', 'series_columns'],
  bubble_v2: ['columns', 'orderby'],
  heatmap_v2: ['columns', 'orderby'],
  histogram_v2: ['columns', 'metrics'],
  pivot_table_v2: ['columns', 'orderby'],
  waterfall: ['columns', 'orderby'],
  table: ['columns', 'metrics', 'orderby', 'extras', 'row_limit', 'row_offset'],
  echarts_timeseries_line: ['columns', 'orderby', 'series_columns'],
  echarts_timeseries_bar: ['columns', 'orderby', 'series_columns'],
  echarts_timeseries_scatter: ['columns', 'orderby', 'series_columns'],
  echarts_area: ['columns', 'orderby', 'series_columns'],
  mixed_timeseries: ['columns', 'orderby', 'series_columns', 'order_desc'],
};

/** Types whose buildQuery passes query field aliases (graph, tree). */
const QUERY_FIELDS: Record<string, Record<string, string>> = {
  graph_chart: { source: 'columns', target: 'columns', source_category: 'columns', target_category: 'columns' },
  tree_chart: { id: 'columns', parent: 'columns', name: 'columns' },
};

/** Types whose Superset buildQuery is only `buildQueryContext(formData, base => [{...base, …}])`. */
const BASE_ONLY = new Set(['pie', 'funnel', 'big_number_total', 'gauge_chart', 'sunburst_v2', 'treemap_v2', 'word_cloud']);

const fixtures = supersetQueryFixtures();

describe('buildQueryObject against Superset', () => {
  test('the fixtures are there', () => {
    expect(fixtures.length).toBeGreaterThan(70);
  });

  for (const fixture of fixtures) {
    const vizType = fixture.chart.viz_type;
    test(`${vizType}: ${fixture.file}`, () => {
      expect(Object.keys(SET_BY_TYPE)).toContain(vizType);
      const formData = fixture.query_context.form_data;
      const ours = wire(buildQueryObject(formData, QUERY_FIELDS[vizType]));
      const theirs = fixture.query_context.queries[0] as Record<string, unknown>;
      for (const field of BASE_FIELDS) {
        if (SET_BY_TYPE[vizType].includes(field)) continue;
        expect({ field, value: ours[field] }).toEqual({ field, value: wire(theirs[field]) });
      }
      if (BASE_ONLY.has(vizType) && !formData.sort_by_metric) {
        expect(ours).toEqual(wire(theirs));
      }
    });
  }
});

describe('buildQueryContext envelope against Superset', () => {
  for (const fixture of fixtures) {
    test(`${fixture.chart.viz_type}: ${fixture.file}`, () => {
      const formData = fixture.query_context.form_data;
      const ours = wire(buildQueryContext(formData));
      const theirs = fixture.query_context;
      expect(ours.datasource).toEqual(theirs.datasource);
      expect(ours.force).toBe(theirs.force);
      expect(ours.form_data).toEqual(wire(theirs.form_data));
      expect(ours.result_format).toBe(theirs.result_format);
      expect(ours.result_type).toBe(theirs.result_type);
      expect(ours.queries).toHaveLength(1);
    });
  }

  test('a query datasource key and force', () => {
    const context = buildQueryContext({ datasource: '12__query', viz_type: 'table', force: true, result_type: 'samples', result_format: 'csv' });
    expect(context.datasource).toEqual({ id: 12, type: 'query' });
    expect(context.force).toBe(true);
    expect(context.result_type).toBe('samples');
    expect(context.result_format).toBe('csv');
  });

  test('the chart type makes the queries; empty post-processing steps are dropped', () => {
    const context = buildQueryContext({ datasource: '3__table', viz_type: 'x', metrics: ['count'] }, (base) => [
      { ...base, post_processing: [undefined as never, { operation: 'flatten' }, null] },
      { ...base, row_limit: 5 },
    ]);
    expect(context.queries).toHaveLength(2);
    expect(context.queries[0].post_processing).toEqual([{ operation: 'flatten' }]);
    expect(context.queries[1].row_limit).toBe(5);
  });

  test('query field aliases via options', () => {
    const context = buildQueryContext({ datasource: '3__table', viz_type: 'tree', id: 'node', parent: 'parent' }, { queryFields: { id: 'columns', parent: 'columns' } });
    expect(context.queries[0].columns).toEqual(['node', 'parent']);
  });
});
