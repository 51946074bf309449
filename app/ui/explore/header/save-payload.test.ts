import { describe, expect, it } from 'vitest';
import { decodeRison } from '~/lib/rison';
import type { QueryContext } from '~/lib/chart-data/types';
import type { FormData } from '~/viz/types';
import {
  buildChartSavePayload, buildPropertiesPayload, dashboardListQuery, dashboardsAfterSave, datasourceOf, embedSnippet, findDashboardByTitle,
  imageFileName, ownersQuery, parseCacheTimeout,
} from './save-payload';

const formData: FormData = {
  viz_type: 'echarts_timeseries_bar',
  datasource: '7__table',
  slice_id: 42,
  metrics: ['count'],
  adhoc_filters: [
    { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 1' },
    { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'state = 1', isExtra: true },
  ],
};

const buildQuery = (fd: FormData): QueryContext => ({
  datasource: { id: 7, type: 'table' }, force: true, queries: [{ metrics: fd.metrics } as QueryContext['queries'][number]], form_data: fd,
  result_format: 'csv', result_type: 'samples',
});

const qOf = (url: string) => decodeRison(decodeURIComponent(new URL(url, 'http://x').searchParams.get('q') ?? ''));

describe('buildChartSavePayload', () => {
  it('sends the form data without slice_id or dashboard-inherited filters, and the query context as JSON text', () => {
    const payload = buildChartSavePayload({ formData, sliceName: '  Orders  ', dashboards: [3, 3, 5], buildQuery });
    expect(payload).toMatchObject({ slice_name: 'Orders', viz_type: 'echarts_timeseries_bar', datasource_id: 7, datasource_type: 'table', dashboards: [3, 5] });
    const params = JSON.parse(payload.params) as FormData;
    expect(params).not.toHaveProperty('slice_id');
    expect(params.adhoc_filters).toEqual([{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 1' }]);
    const context = JSON.parse(payload.query_context) as QueryContext;
    // A saved chart's query context is the plain JSON one, not the download or forced one it may have been built as.
    expect(context).toMatchObject({ datasource: { id: 7, type: 'table' }, force: false, result_format: 'json', result_type: 'full' });
    expect(context.form_data).not.toHaveProperty('slice_id');
  });

  it('refuses form data that names no dataset', () => {
    expect(() => buildChartSavePayload({ formData: { viz_type: 'table' }, sliceName: 'x', dashboards: [], buildQuery })).toThrow('names no dataset');
    expect(datasourceOf({ viz_type: 'table', datasource: '12__query' })).toEqual({ id: 12, type: 'query' });
    expect(datasourceOf({ viz_type: 'table', datasource: 'nope' })).toBeNull();
  });
});

describe('dashboardsAfterSave', () => {
  it('keeps the chart’s dashboards and adds the chosen one once', () => {
    expect(dashboardsAfterSave([1, 2], 3)).toEqual([1, 2, 3]);
    expect(dashboardsAfterSave([1, 2], 2)).toEqual([1, 2]);
    expect(dashboardsAfterSave([], null)).toEqual([]);
  });
});

describe('findDashboardByTitle', () => {
  const options = [{ id: 1, dashboard_title: 'Sales board' }, { id: 2, dashboard_title: 'Sales board 2' }];

  it('finds the same name ignoring case and extra spaces, so a typed name reuses the dashboard', () => {
    expect(findDashboardByTitle(options, '  sales   BOARD ')).toEqual({ id: 1, dashboard_title: 'Sales board' });
  });

  it('does not take a longer or shorter title for the name', () => {
    expect(findDashboardByTitle(options, 'Sales')).toBeNull();
    expect(findDashboardByTitle(options, 'Sales board 22')).toBeNull();
    expect(findDashboardByTitle(options, '   ')).toBeNull();
  });
});

describe('list queries', () => {
  it('asks for the dashboards a non-admin owns whose title contains the text', () => {
    expect(qOf(dashboardListQuery({ search: ' Sales ', userId: 9, isAdmin: false }))).toEqual({
      columns: ['id', 'dashboard_title'],
      filters: [{ col: 'dashboard_title', opr: 'ct', value: 'Sales' }, { col: 'owners', opr: 'rel_m_m', value: 9 }],
      order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100,
    });
  });

  it('does not filter an admin’s dashboards by owner, nor by an empty search', () => {
    expect((qOf(dashboardListQuery({ search: '', userId: 1, isAdmin: true })) as { filters: unknown[] }).filters).toEqual([]);
  });

  it('searches chart owners by text', () => {
    expect(ownersQuery(' ann ')).toMatch(/^\/api\/v1\/chart\/related\/owners\?q=/);
    expect(qOf(ownersQuery(' ann '))).toEqual({ filter: 'ann', page: 0, page_size: 100 });
  });
});

describe('chart properties', () => {
  it('sends an empty cache timeout as null and a number as its integer', () => {
    expect(parseCacheTimeout('  ')).toEqual({ ok: true, value: null });
    expect(parseCacheTimeout('600')).toEqual({ ok: true, value: 600 });
    expect(parseCacheTimeout('-1')).toEqual({ ok: true, value: -1 });
    expect(parseCacheTimeout('1.5')).toEqual({ ok: false, message: 'is expected to be an integer' });
  });

  it('builds the PUT body, or the fields’ errors', () => {
    const draft = { sliceName: ' Orders ', description: 'd', cacheTimeout: '', certifiedBy: 'Data team', certificationDetails: '', owners: [1, 1, 2] };
    expect(buildPropertiesPayload(draft)).toEqual({
      ok: true,
      body: { slice_name: 'Orders', description: 'd', cache_timeout: null, certified_by: 'Data team', certification_details: '', owners: [1, 2] },
    });
    expect(buildPropertiesPayload({ ...draft, sliceName: ' ', cacheTimeout: 'soon' })).toEqual({
      ok: false,
      errors: { slice_name: 'Name is required', cache_timeout: 'Cache timeout is expected to be an integer' },
    });
  });
});

describe('embedSnippet', () => {
  it('is an iframe of the permalink alone at the size given', () => {
    const code = embedSnippet('http://h/superset/explore/p/abc/', 800, 300);
    expect(code).toContain('<iframe');
    expect(code).toContain('width="800"');
    expect(code).toContain('height="300"');
    expect(code).toContain('src="http://h/superset/explore/p/abc/?standalone=1&height=300"');
    expect(embedSnippet('http://h/x?a=1', 1, 2)).toContain('src="http://h/x?a=1&standalone=1&height=2"');
  });

  it('cannot be broken out of its attribute by the URL', () => {
    expect(embedSnippet('http://h/"><script>', 1, 2)).not.toContain('"><script>');
  });
});

describe('imageFileName', () => {
  it('names the PNG after the chart', () => {
    expect(imageFileName('Sales: by / region', new Date('2024-05-01T10:20:30Z'))).toBe('sales-by-region-2024-05-01-10-20-30.png');
    expect(imageFileName('', new Date('2024-05-01T10:20:30Z'))).toBe('chart-2024-05-01-10-20-30.png');
  });
});
