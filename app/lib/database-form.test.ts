import { describe, expect, it } from 'vitest';
import { databaseFormInput, formErrorsOf, formFieldOf, formValuesFromDetail, formValuesFromForm, parameterFields } from './database-form';

const MASK = 'XXXXXXXXXX';

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const BASE = {
  database_name: 'Sales', sqlalchemy_uri: '', cache_timeout: '', schema_cache_timeout: '', table_cache_timeout: '', force_ctas_schema: '',
  schemas_allowed_for_file_upload: '', engine_params: '', extra: '', expose_in_sqllab: 'on', allows_virtual_table_explore: 'on',
};

describe('databaseFormInput', () => {
  it('turns the form into the API body, extra keys from their own fields merged into extra', () => {
    const form = formOf({
      ...BASE, 'parameters.host': 'db', 'parameters.port': '5432', 'parameters.password': 'pw', allow_dml: 'on', cache_timeout: '60',
      schema_cache_timeout: '300', schemas_allowed_for_file_upload: 'uploads, scratch ,', engine_params: '{"pool_size": 5}',
      extra: '{"version": "15", "cost_estimate_enabled": false}', cost_estimate_enabled: 'on',
    });
    const parsed = databaseFormInput(form, 'parameters', 'postgresql');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.input).toMatchObject({
      database_name: 'Sales', engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: 'db', port: '5432', password: 'pw' },
      expose_in_sqllab: true, allow_dml: true, allow_ctas: false, cache_timeout: 60, force_ctas_schema: null, impersonate_user: false,
    });
    expect(parsed.input).not.toHaveProperty('sqlalchemy_uri');
    expect(JSON.parse(String(parsed.input.extra))).toEqual({
      version: '15', cost_estimate_enabled: true, allows_virtual_table_explore: true, disable_data_preview: false,
      metadata_cache_timeout: { schema_cache_timeout: 300 }, schemas_allowed_for_file_upload: ['uploads', 'scratch'], engine_params: { pool_size: 5 },
    });
  });

  it('sends the URI, not the parameters, when connecting with a URI', () => {
    const parsed = databaseFormInput(formOf({ ...BASE, sqlalchemy_uri: 'sqlite:///x.db', 'parameters.host': 'ignored' }), 'uri', 'sqlite');
    expect(parsed.ok && parsed.input).toMatchObject({ sqlalchemy_uri: 'sqlite:///x.db', configuration_method: 'sqlalchemy_form' });
    expect(parsed.ok && parsed.input).not.toHaveProperty('parameters');
  });

  it('says which field is wrong: numbers, JSON', () => {
    const parsed = databaseFormInput(formOf({ ...BASE, cache_timeout: 'soon', table_cache_timeout: '1.5', extra: '[]', engine_params: '{x' }), 'uri', null);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors).toEqual({
      cache_timeout: 'The cache timeout must be a whole number of seconds.',
      table_cache_timeout: 'The table cache timeout must be a whole number of seconds.',
      extra: 'Extra must be a JSON object, like {"cost_estimate_enabled": true}.',
      engine_params: expect.stringMatching(/^Engine parameters is not valid JSON/),
    });
  });
});

describe('what a re-render shows', () => {
  it('never sends a typed password back, but keeps the mask', () => {
    const typed = formValuesFromForm(formOf({ ...BASE, 'parameters.password': 'secret', 'parameters.host': 'db' }), MASK);
    expect(typed.parameters).toEqual({ host: 'db' });
    expect(typed.passwordDropped).toBe(true);
    const masked = formValuesFromForm(formOf({ ...BASE, 'parameters.password': MASK }), MASK);
    expect(masked.parameters.password).toBe(MASK);
    expect(masked.passwordDropped).toBe(false);
    const uri = formValuesFromForm(formOf({ ...BASE, sqlalchemy_uri: 'postgresql://u:secret@h/db' }), MASK);
    expect(uri.sqlalchemy_uri).toBe('postgresql://u@h/db');
    expect(formValuesFromForm(formOf({ ...BASE, sqlalchemy_uri: `postgresql://u:${MASK}@h/db` }), MASK).sqlalchemy_uri).toBe(`postgresql://u:${MASK}@h/db`);
  });

  it('splits a stored extra between its own fields and the Extra text', () => {
    const values = formValuesFromDetail({
      database_name: 'Sales', sqlalchemy_uri: `postgresql://u:${MASK}@h/db`, parameters: { host: 'h', port: 5432, password: MASK, query: { sslmode: 'require' } },
      cache_timeout: null, force_ctas_schema: null, expose_in_sqllab: true, allow_run_async: false, allow_dml: false, allow_ctas: false, allow_cvas: false,
      allow_file_upload: true, impersonate_user: false,
      extra: JSON.stringify({ metadata_cache_timeout: { table_cache_timeout: 30 }, allows_virtual_table_explore: false, version: '15', schemas_allowed_for_file_upload: ['a', 'b'] }),
    });
    expect(values).toMatchObject({
      table_cache_timeout: '30', schema_cache_timeout: '', allows_virtual_table_explore: false, schemas_allowed_for_file_upload: 'a, b',
      extra: '{\n  "version": "15"\n}', cache_timeout: '', parameters: { host: 'h', port: '5432', password: MASK, query: 'sslmode=require' },
    });
  });
});

describe('errors by form field', () => {
  it('maps API paths to the fields that edit them', () => {
    expect(formFieldOf('extra.metadata_cache_timeout.schema_cache_timeout')).toBe('schema_cache_timeout');
    expect(formFieldOf('extra.engine_params')).toBe('engine_params');
    expect(formFieldOf('extra.version')).toBe('extra');
    expect(formFieldOf('extra')).toBe('extra');
    expect(formFieldOf('parameters.host')).toBe('parameters.host');
    expect(formFieldOf('database_name')).toBe('database_name');
    expect(formFieldOf('_schema')).toBe('form');
    expect(formErrorsOf({ 'parameters.port': ['Too big.', 'Really.'], database_name: ['Taken.'] })).toEqual({ 'parameters.port': 'Too big. Really.', database_name: 'Taken.' });
  });
});

describe('parameterFields', () => {
  it('reads labels, required fields, secrets, numbers and defaults from the JSON Schema', () => {
    const fields = parameterFields({
      type: 'object',
      properties: {
        host: { type: 'string', title: 'Host', description: 'Hostname' },
        port: { type: 'integer', title: 'Port', default: 5432 },
        password: { type: 'string', title: 'Password', writeOnly: true },
        query: { type: 'object', title: 'Additional parameters', default: {} },
      },
      required: ['host'],
    });
    expect(fields.map((f) => [f.name, f.kind, f.required, f.defaultValue])).toEqual([
      ['host', 'text', true, ''], ['port', 'number', false, '5432'], ['password', 'password', false, ''], ['query', 'query', false, ''],
    ]);
    expect(fields[0]).toMatchObject({ label: 'Host', description: 'Hostname' });
  });
});
