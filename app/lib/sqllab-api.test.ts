import { describe, expect, it } from 'vitest';
import { EstimatePayloadSchema, ExecutePayloadSchema, ResultsQuerySchema, UpdatedSinceQuerySchema } from './sqllab-api';

describe('SQL Lab API schemas', () => {
  it('takes Superset’s execute payload, with defaults', () => {
    const parsed = ExecutePayloadSchema.parse({
      client_id: 'abc_12-X', database_id: 1, json: true, runAsync: false, schema: null, sql: 'SELECT 1', sql_editor_id: '3', tab: 'Untitled Query 1',
      tmp_table_name: '', select_as_cta: false, ctas_method: 'view', templateParams: '{"a": 1}', queryLimit: 1000, expand_data: true,
    });
    expect(parsed).toMatchObject({ database_id: 1, ctas_method: 'VIEW', templateParams: { a: 1 }, queryLimit: 1000 });
    expect(ExecutePayloadSchema.parse({ database_id: 2, sql: 'x' })).toMatchObject({ ctas_method: 'TABLE', templateParams: {} });
  });

  it('names what is wrong', () => {
    const issues = (value: unknown) => {
      const result = ExecutePayloadSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ sql: 'SELECT 1' })[0]).toMatch(/^database_id: database_id is required/);
    expect(issues({ database_id: 1, sql: 'SELECT 1', templateParams: '[1]' })).toEqual(['templateParams: The template parameters must be a JSON object, like {"country": "FR"}.']);
    expect(issues({ database_id: 1, sql: 'SELECT 1', client_id: 'a b' })[0]).toMatch(/^client_id:/);
    expect(issues({ database_id: 1, sql: 'SELECT 1', tmp_table_name: 'x'.repeat(64) })[0]).toMatch(/at most 63/);
    expect(issues({ database_id: 1, sql: 'SELECT 1', tmp_table_name: 'a\u0001b' })[0]).toMatch(/control characters/);
    expect(issues({ database_id: 1.5, sql: 'SELECT 1' })[0]).toMatch(/^database_id:/);
  });

  it('parses the rison queries and the estimate body', () => {
    expect(ResultsQuerySchema.parse({ key: 'k', rows: 10 })).toEqual({ key: 'k', rows: 10 });
    expect(ResultsQuerySchema.safeParse({}).success).toBe(false);
    expect(UpdatedSinceQuerySchema.parse({ last_updated_ms: 1710000000000.5 }).last_updated_ms).toBe(1710000000000.5);
    expect(EstimatePayloadSchema.parse({ database_id: 1, sql: 'x', template_params: { a: 1 } }).template_params).toEqual({ a: 1 });
  });
});
