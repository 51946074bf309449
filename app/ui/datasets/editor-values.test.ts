import { describe, expect, it } from 'vitest';
import { checkValues, formErrorKeys, toUpdateBody, valuesFromDataset, valuesFromForm, type StoredDataset } from './editor-values';

const stored: StoredDataset = {
  table_name: 'birth_names', schema: 'main', sql: null, template_params: null, description: 'Names', main_dttm_col: 'ds', cache_timeout: null,
  offset: 0, default_endpoint: null, fetch_values_predicate: null, filter_select_enabled: true, normalize_columns: false, always_filter_main_dttm: false,
  extra: '{"warning_markdown":"careful","certification":{"certified_by":"Ann","details":"ok"},"other":1}', external_url: null,
  owners: [{ id: 1 }, { id: 4 }],
  columns: [
    { id: 10, column_name: 'ds', verbose_name: null, type: 'DATETIME', is_dttm: true, python_date_format: null, filterable: true, groupby: true,
      description: null, advanced_data_type: null, is_active: true, expression: null, extra: null },
    { id: 11, column_name: 'num_x2', verbose_name: 'Twice', type: 'INTEGER', is_dttm: false, python_date_format: null, filterable: false, groupby: true,
      description: null, advanced_data_type: null, is_active: true, expression: 'num * 2', extra: null },
  ],
  metrics: [
    { id: 20, metric_name: 'count', verbose_name: 'COUNT(*)', metric_type: 'count', expression: 'COUNT(*)', description: null, d3format: ',d',
      currency: { symbol: 'EUR', symbolPosition: 'suffix' }, warning_text: null, extra: '{"keep":true}' },
  ],
};

/** The form a browser posts for these values, as the editor renders them (checkboxes "on" when checked). */
function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

describe('valuesFromDataset', () => {
  it('reads the kind, the extra’s warning and certification, calculated columns and the currency', () => {
    const v = valuesFromDataset(stored);
    expect(v.kind).toBe('physical');
    expect(v).toMatchObject({ warning_markdown: 'careful', certified_by: 'Ann', certification_details: 'ok', owners: [1, 4], offset: '0', cache_timeout: '' });
    expect(v.columns.map((c) => [c.column_name, c.calculated])).toEqual([['ds', false], ['num_x2', true]]);
    expect(v.metrics[0]).toMatchObject({ currency_symbol: 'EUR', currency_position: 'suffix', d3format: ',d', extra: '{"keep":true}' });
  });
});

describe('toUpdateBody', () => {
  it('round-trips the stored dataset into Superset’s PUT body, keeping unknown extra keys', () => {
    const { body, columnRows, metricRows } = toUpdateBody(valuesFromDataset(stored));
    expect(body).toMatchObject({ table_name: 'birth_names', schema: 'main', sql: null, cache_timeout: null, offset: 0, owners: [1, 4], main_dttm_col: 'ds' });
    expect(JSON.parse(body.extra as string)).toEqual({ warning_markdown: 'careful', certification: { certified_by: 'Ann', details: 'ok' }, other: 1 });
    expect(body.columns).toEqual([
      expect.objectContaining({ id: 10, column_name: 'ds', is_dttm: true, expression: null, verbose_name: null }),
      expect.objectContaining({ id: 11, column_name: 'num_x2', expression: 'num * 2', filterable: false }),
    ]);
    expect(body.metrics).toEqual([expect.objectContaining({ id: 20, currency: { symbol: 'EUR', symbolPosition: 'suffix' }, extra: '{"keep":true}' })]);
    expect([columnRows, metricRows]).toEqual([[0, 1], [0]]);
  });

  it('reads a posted form: unchecked boxes are false, removed and blank rows are left out and mapped back', () => {
    const form = formOf([
      ['kind', 'virtual'], ['table_name', ' v1 '], ['sql', 'SELECT 1 AS a'], ['schema', ''], ['cache_timeout', '60'], ['offset', ''],
      ['owners', '3'], ['owners', 'x'], ['extra', ''], ['warning_markdown', ''], ['disallow_adhoc_metrics', 'on'],
      ['columns.0.id', '10'], ['columns.0.column_name', 'a'], ['columns.0.calculated', 'no'], ['columns.0.is_active', 'on'], ['columns.0.expression', 'ignored'],
      ['columns.1.column_name', 'gone'], ['columns.1.calculated', 'yes'], ['columns.1.expression', 'a + 1'], ['columns.1.remove', 'on'],
      ['columns.2.column_name', ''], ['columns.2.calculated', 'yes'], ['columns.2.expression', ''],
      ['columns.3.column_name', 'b'], ['columns.3.calculated', 'yes'], ['columns.3.expression', 'a * 2'], ['columns.3.groupby', 'on'],
      ['metrics.0.metric_name', ''], ['metrics.0.expression', ''],
      ['metrics.1.metric_name', 'total'], ['metrics.1.expression', 'SUM(a)'], ['metrics.1.certified_by', 'Bo'], ['metrics.1.currency_symbol', ''],
    ]);
    const values = valuesFromForm(form);
    expect(values.owners).toEqual([3]);
    const out = toUpdateBody(values);
    expect(out.body).toMatchObject({ table_name: 'v1', sql: 'SELECT 1 AS a', schema: null, cache_timeout: 60, offset: 0, extra: '{"disallow_adhoc_metrics":true}' });
    expect(out.body.columns).toEqual([
      expect.objectContaining({ id: 10, column_name: 'a', expression: null, is_dttm: false, filterable: false, groupby: false, is_active: true }),
      expect.objectContaining({ column_name: 'b', expression: 'a * 2', groupby: true, is_active: false }),
    ]);
    expect((out.body.columns as object[])[1]).not.toHaveProperty('id');
    expect(out.body.metrics).toEqual([expect.objectContaining({ metric_name: 'total', currency: null, extra: '{"certification":{"certified_by":"Bo","details":""}}' })]);
    expect(out.columnRows).toEqual([0, 3]);
    expect(formErrorKeys({ 'columns.1.expression': 'bad', 'metrics.0.expression': 'no', owners: 'who' }, out)).toEqual({
      'columns.3.expression': 'bad', 'metrics.1.expression': 'no', owners: 'who',
    });
  });

  it('drops the SQL of a physical dataset and passes a mistyped number on for the server to refuse', () => {
    const values = { ...valuesFromDataset(stored), sql: 'SELECT 2', cache_timeout: 'soon' };
    expect(toUpdateBody(values).body).toMatchObject({ sql: null, cache_timeout: 'soon' });
  });
});

describe('checkValues', () => {
  it('names what the browser can tell is wrong', () => {
    const v = valuesFromDataset(stored);
    expect(checkValues(v)).toEqual({});
    const bad = {
      ...v, kind: 'virtual' as const, sql: ' ', template_params: '[1]', cache_timeout: '1.5',
      columns: [...v.columns, { ...v.columns[1], id: null, expression: '' }],
      metrics: [...v.metrics, { ...v.metrics[0], id: null, metric_name: 'count' }],
    };
    expect(checkValues(bad)).toEqual({
      sql: 'A virtual dataset needs its SQL.',
      template_params: 'Template parameters must be a JSON object.',
      cache_timeout: 'The cache timeout must be a whole number of seconds.',
      'columns.2.column_name': 'Another column is named num_x2.',
      'columns.2.expression': 'A calculated column needs its SQL expression.',
      'metrics.1.metric_name': 'Another metric is named count.',
    });
  });
});
