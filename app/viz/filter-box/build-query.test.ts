import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildOptionsSearchQuery, buildQuery, FILTER_BOX_ROW_LIMIT } from './build-query';
import { FILTER_BOX_SELECTION_KEY } from './fields';

const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

const formData: FormData = {
  viz_type: 'filter_box',
  datasource: '7__table',
  slice_id: 12,
  time_range: 'Last year',
  granularity_sqla: 'ds',
  adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'year', operator: '>=', comparator: 2000 }],
  filter_configs: [
    { column: 'region', label: 'Region', metric: 'sum__SP_POP_TOTL', asc: false },
    { column: 'country_name', multiple: false },
  ],
  date_filter: true,
  instant_filtering: false,
};

describe('filter_box buildQuery', () => {
  it('makes one query per filter column, grouped by it, with the metric or none, sorted and limited to 1000', () => {
    const context = wire(buildQuery(formData));
    expect(context.datasource).toEqual({ id: 7, type: 'table' });
    expect(context.queries).toHaveLength(2);
    const [region, country] = context.queries;
    expect(region).toMatchObject({ columns: ['region'], metrics: ['sum__SP_POP_TOTL'], orderby: [['sum__SP_POP_TOTL', false]], row_limit: FILTER_BOX_ROW_LIMIT });
    expect(country).toMatchObject({ columns: ['country_name'], metrics: [], orderby: [['country_name', true]], row_limit: 1000 });
    expect(FILTER_BOX_ROW_LIMIT).toBe(1000);
  });

  it("keeps the chart's own filters and time range on every query", () => {
    const { queries } = wire(buildQuery(formData));
    for (const query of queries) {
      expect(query.filters).toEqual([{ col: 'year', op: '>=', val: 2000 }]);
      expect(query.time_range).toBe('Last year');
      expect(query.is_timeseries).toBe(false);
    }
  });

  it('reads filter_configs written as JSON text, and skips entries without a column', () => {
    const text = JSON.stringify([{ column: 'state' }, { label: 'no column' }, { column: '' }]);
    const { queries } = wire(buildQuery({ ...formData, filter_configs: text }));
    expect(queries.map((q: { columns: string[] }) => q.columns)).toEqual([['state']]);
    expect(wire(buildQuery({ ...formData, filter_configs: undefined })).queries).toEqual([]);
    expect(wire(buildQuery({ ...formData, filter_configs: '{not json' })).queries).toEqual([]);
  });

  it("leaves the page's current selection out of the query context", () => {
    const context = wire(buildQuery({ ...formData, [FILTER_BOX_SELECTION_KEY]: { region: ['Europe'] } }));
    expect(context.form_data).not.toHaveProperty(FILTER_BOX_SELECTION_KEY);
    expect(JSON.stringify(context.queries)).not.toContain('Europe');
  });
});

describe('filter_box buildQuery on a dashboard', () => {
  it("leaves the dashboard's selection for the box (custom_form_data) out, keeping the rest of extra_form_data", () => {
    const extra = { custom_form_data: { [FILTER_BOX_SELECTION_KEY]: { region: ['Europe'] }, other: 1 }, time_grain_sqla: 'P1D' };
    const context = wire(buildQuery({ ...formData, extra_form_data: extra }));
    expect(JSON.stringify(context)).not.toContain('Europe');
    expect(context.form_data.extra_form_data).toEqual({ custom_form_data: { other: 1 }, time_grain_sqla: 'P1D' });
    const alone = wire(buildQuery({ ...formData, extra_form_data: { custom_form_data: { [FILTER_BOX_SELECTION_KEY]: { region: ['Asia'] } } } }));
    expect(alone.form_data.extra_form_data).toEqual({});
    expect(JSON.stringify(alone)).not.toContain('Asia');
  });
});

describe('filter_box options search', () => {
  it("asks for one column with an ILIKE '%text%' filter added to the chart's own", () => {
    const context = wire(buildOptionsSearchQuery(formData, 'country_name', 'fra'));
    expect(context.queries).toHaveLength(1);
    const [query] = context.queries;
    expect(query.columns).toEqual(['country_name']);
    expect(query.row_limit).toBe(1000);
    expect(query.filters).toEqual([
      { col: 'year', op: '>=', val: 2000 },
      { col: 'country_name', op: 'ILIKE', val: '%fra%' },
    ]);
  });

  it('uses the filter’s metric and order, and no ILIKE for empty text', () => {
    const [query] = wire(buildOptionsSearchQuery(formData, 'region', '')).queries;
    expect(query).toMatchObject({ columns: ['region'], metrics: ['sum__SP_POP_TOTL'], orderby: [['sum__SP_POP_TOTL', false]] });
    expect(query.filters).toEqual([{ col: 'year', op: '>=', val: 2000 }]);
  });

  it('searches a column that is not configured with the defaults (distinct values, ascending)', () => {
    const [query] = wire(buildOptionsSearchQuery(formData, 'state', 'ca')).queries;
    expect(query).toMatchObject({ columns: ['state'], metrics: [], orderby: [['state', true]] });
    expect(query.filters).toContainEqual({ col: 'state', op: 'ILIKE', val: '%ca%' });
  });
});
