import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors';
import { DatasetMetricInputSchema, DatasetUpdateSchema, DatasourceKeyQuerySchema, isPythonDateFormat, OverrideColumnsQuerySchema } from './dataset-inputs';

describe('isPythonDateFormat', () => {
  it.each(['epoch_s', 'epoch_ms', '%Y', '%Y-%m', '%Y-%m-%d', '%Y-%m-%d %H', '%Y-%m-%dT%H:%M', '%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S.%f'])('takes %s', (f) => {
    expect(isPythonDateFormat(f)).toBe(true);
  });
  it.each(['', '%d/%m/%Y', '%Y-%d', 'epoch', '%H:%M', '%Y-%m-%d %M', "%Y'; DROP"])('refuses %j', (f) => {
    expect(isPythonDateFormat(f)).toBe(false);
  });
});

describe('DatasetUpdateSchema', () => {
  it('leaves absent fields absent and reads blank text as null', () => {
    expect(DatasetUpdateSchema.parse({})).toEqual({});
    expect(DatasetUpdateSchema.parse({ sql: '  ', schema: '', main_dttm_col: '', description: null })).toEqual({ sql: null, schema: null, main_dttm_col: null, description: null });
  });

  it('takes template_params and extra as JSON object text or objects, nothing else', () => {
    expect(DatasetUpdateSchema.parse({ template_params: { a: 1 }, extra: '{"warning_markdown": "x"}' })).toEqual({ template_params: '{"a":1}', extra: '{"warning_markdown": "x"}' });
    const bad = DatasetUpdateSchema.safeParse({ template_params: '[1]', extra: 'nope', cache_timeout: -5, columns: [{ column_name: 'a', uuid: 'x', surprise: 1 }] });
    expect(bad.success).toBe(false);
    expect(Object.keys(fieldErrorsOf(bad.error!)).sort()).toEqual(['cache_timeout', 'columns.0.surprise', 'extra', 'template_params']);
  });
});

describe('DatasetMetricInputSchema currency', () => {
  it('stores the object or its JSON text as JSON text', () => {
    const base = { metric_name: 'm', expression: 'SUM(x)' };
    expect(DatasetMetricInputSchema.parse({ ...base, currency: { symbol: 'USD', symbolPosition: 'prefix' } }).currency).toBe('{"symbol":"USD","symbolPosition":"prefix"}');
    expect(DatasetMetricInputSchema.parse({ ...base, currency: '{"symbol":"EUR"}' }).currency).toBe('{"symbol":"EUR"}');
    expect(DatasetMetricInputSchema.parse({ ...base, currency: '' }).currency).toBeNull();
    for (const currency of ['EUR', '{"symbol": 1}', { symbol: 'X', symbolPosition: 'middle' }, 5]) {
      expect(DatasetMetricInputSchema.safeParse({ ...base, currency }).success, JSON.stringify(currency)).toBe(false);
    }
    expect(DatasetMetricInputSchema.safeParse({ ...base, expression: '   ' }).success).toBe(false);
  });
});

describe('query parameters', () => {
  it('reads override_columns as Superset does', () => {
    expect(OverrideColumnsQuerySchema.parse({}).override_columns).toBe(false);
    expect(OverrideColumnsQuerySchema.parse({ override_columns: 'true' }).override_columns).toBe(true);
    expect(OverrideColumnsQuerySchema.parse({ override_columns: 'false' }).override_columns).toBe(false);
    expect(OverrideColumnsQuerySchema.safeParse({ override_columns: 'yes please' }).success).toBe(false);
  });

  it('reads a datasource key', () => {
    expect(DatasourceKeyQuerySchema.parse({ datasourceKey: '12__table' }).datasourceKey).toEqual({ id: 12, type: 'table' });
    expect(DatasourceKeyQuerySchema.parse({ datasourceKey: '3__saved_query' }).datasourceKey).toEqual({ id: 3, type: 'saved_query' });
    for (const key of ['', '12', '__table', '0__table', '1__table__x', '1__TABLE', `${'9'.repeat(17)}__table`]) {
      expect(DatasourceKeyQuerySchema.safeParse({ datasourceKey: key }).success, key).toBe(false);
    }
  });
});
