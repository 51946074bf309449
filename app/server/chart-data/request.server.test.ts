import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../domain-errors.server';
import { formDataId, jsonObjectText, parseChartDataRequest, resultTypeOf } from './request.server';

const valid = { datasource: { id: 3, type: 'table' }, queries: [{ metrics: ['count'] }] };

function refusal(value: unknown): string {
  try {
    parseChartDataRequest(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('the chart data request', () => {
  it('takes what Superset\'s frontend sends, with defaults', () => {
    expect(parseChartDataRequest({ ...valid, form_data: { slice_id: 4 }, extra_key: 1 })).toMatchObject({
      datasource: { id: 3, type: 'table' },
      result_format: 'json',
      result_type: 'full',
      force: false,
      form_data: { slice_id: 4 },
    });
    expect(parseChartDataRequest({ ...valid, datasource: { id: '3', type: 'dataset' }, force: 'true', result_format: 'xlsx', result_type: 'samples', custom_cache_timeout: 60 })).toMatchObject({
      datasource: { id: 3, type: 'dataset' },
      force: true,
      result_format: 'xlsx',
      result_type: 'samples',
      custom_cache_timeout: 60,
    });
    expect(parseChartDataRequest({ ...valid, force: null, form_data: null }).force).toBe(false);
  });

  it('refuses malformed requests with Superset\'s message', () => {
    expect(refusal(undefined)).toBe('Request is not JSON');
    expect(refusal([valid])).toBe('Request is not JSON');
    expect(refusal('text')).toBe('Request is not JSON');
    expect(refusal({})).toMatch(/^Request is incorrect: datasource: .*queries: /);
    expect(refusal({ ...valid, datasource: { id: 'abc', type: 'table' } })).toContain('datasource.id');
    expect(refusal({ ...valid, datasource: { id: 0, type: 'table' } })).toContain('datasource.id');
    expect(refusal({ ...valid, datasource: { id: 1.5, type: 'table' } })).toContain('datasource.id');
    expect(refusal({ ...valid, datasource: { id: 3, type: 'druid' } })).toContain('datasource.type');
    expect(refusal({ ...valid, datasource: '3__table' })).toContain('datasource');
    expect(refusal({ ...valid, queries: {} })).toContain('queries');
    expect(refusal({ ...valid, queries: [1, 'x'] })).toContain('queries.0');
    expect(refusal({ ...valid, result_format: 'pdf' })).toContain('result_format');
    expect(refusal({ ...valid, result_type: 'everything' })).toContain('result_type');
    expect(refusal({ ...valid, force: 'maybe' })).toContain('force');
    expect(refusal({ ...valid, form_data: [] })).toContain('form_data');
    expect(refusal({ ...valid, custom_cache_timeout: 'soon' })).toContain('custom_cache_timeout');
  });

  it('lets a query object choose its own result type', () => {
    expect(resultTypeOf({ result_type: 'samples' }, 'full')).toBe('samples');
    expect(resultTypeOf({ result_type: 'bogus' }, 'query')).toBe('query');
    expect(resultTypeOf({}, 'results')).toBe('results');
  });

  it('reads form data text and its ids', () => {
    expect(jsonObjectText('{"slice_id": "12"}', 'form_data')).toEqual({ slice_id: '12' });
    expect(() => jsonObjectText('{', 'form_data')).toThrow('form_data is not valid JSON');
    expect(() => jsonObjectText('[1]', 'form_data')).toThrow('form_data must be a JSON object.');
    expect(formDataId({ slice_id: '12' }, 'slice_id')).toBe(12);
    expect(formDataId({ slice_id: 7 }, 'slice_id')).toBe(7);
    expect(formDataId({ slice_id: 'x' }, 'slice_id')).toBeNull();
    expect(formDataId(null, 'slice_id')).toBeNull();
  });
});
