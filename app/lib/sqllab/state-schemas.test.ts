import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../field-errors';
import {
  KvStoreBodySchema, LegacySavedQueryCreateSchema, SavedQueryCreateSchema, TabCreateSchema, TableSchemaCreateSchema, TabUpdateSchema,
} from './state-schemas';

const errors = (result: { success: boolean; error?: import('zod').ZodError }) => (result.error ? fieldErrorsOf(result.error) : null);

describe('SQL Lab state inputs', () => {
  it('take the editor state as an object or its JSON text', () => {
    expect(TabCreateSchema.parse({ queryEditor: '{"name": "t", "dbId": "3"}' }).queryEditor).toMatchObject({ name: 't', dbId: 3 });
    expect(errors(TabCreateSchema.safeParse({}))).toEqual({ queryEditor: ['Missing data for required field.'] });
    expect(errors(TabCreateSchema.safeParse({ queryEditor: 'not json' }))).toEqual({ queryEditor: ['Must be a JSON object.'] });
    expect(errors(TabCreateSchema.safeParse({ queryEditor: { autorun: 'yes' } }))).toEqual({ 'queryEditor.autorun': ['Not a valid boolean.'] });
  });

  it('refuse unknown tab fields and keep draft template parameters', () => {
    expect(errors(TabUpdateSchema.safeParse({ owner: 1 }))).toEqual({ owner: ['Unknown field.'] });
    expect(TabUpdateSchema.parse({ template_params: '{"unfinished": ' }).template_params).toBe('{"unfinished": ');
  });

  it("keep a table's whole client object, checking the fields used", () => {
    const table = { dbId: 1, queryEditorId: 2, name: 't', columns: [{ name: 'a' }] };
    expect(TableSchemaCreateSchema.parse({ table: JSON.stringify(table) }).table).toEqual(table);
    expect(errors(TableSchemaCreateSchema.safeParse({ table: { ...table, name: '' } }))).toEqual({ 'table.name': ['Must not be empty.'] });
  });

  it('word saved query errors as marshmallow does', () => {
    expect(errors(SavedQueryCreateSchema.safeParse({ description: 'x' }))).toEqual({
      label: ['Missing data for required field.'], sql: ['Missing data for required field.'], db_id: ['Missing data for required field.'],
    });
    expect(errors(SavedQueryCreateSchema.safeParse({ label: 'l', sql: 's', db_id: 1, template_parameters: '{oops' }))).toEqual({ template_parameters: ['Not a valid JSON object.'] });
  });

  it('put the legacy schedule into extra_json, from inside it or beside it', () => {
    const base = { label: 'l', sql: 's', db_id: '4' };
    expect(LegacySavedQueryCreateSchema.parse({ ...base, schedule_info: '{"output_table": "t"}' })).toMatchObject({ db_id: 4, extra_json: '{"schedule_info":{"output_table":"t"}}' });
    expect(LegacySavedQueryCreateSchema.parse({ ...base, extra_json: '{"schedule_info": {"output_table": "u"}, "k": 1}' }).extra_json).toBe('{"schedule_info":{"output_table":"u"},"k":1}');
    expect(LegacySavedQueryCreateSchema.parse(base).extra_json).toBeNull();
    expect(errors(LegacySavedQueryCreateSchema.safeParse({ ...base, schedule_info: { output_table: 5 } }))).toEqual({ 'schedule_info.output_table': ['Not a valid string.'] });
  });

  it("check a legacy share's JSON text, naming the share's own fields", () => {
    expect(KvStoreBodySchema.parse({ data: '{"dbId": "2", "sql": "SELECT 1"}' })).toEqual({ dbId: 2, sql: 'SELECT 1' });
    expect(errors(KvStoreBodySchema.safeParse({ data: 'not json' }))).toEqual({ data: ['Not valid JSON.'] });
    expect(errors(KvStoreBodySchema.safeParse({}))).toEqual({ data: ['Missing data for required field.'] });
    expect(errors(KvStoreBodySchema.safeParse({ data: '[1]' }))).toEqual({ data: ['Must be a JSON object.'] });
    expect(errors(KvStoreBodySchema.safeParse({ data: '{"name": "x"}' }))).toEqual({ dbId: ['Missing data for required field.'], sql: ['Missing data for required field.'] });
  });
});
