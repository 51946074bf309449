import { describe, expect, it } from 'vitest';
import { ListQuerySchema } from '~/lib/list-query';
import {
  canSaveDataset, defaultDatasetName, exploreUrlForDataset, exploreUrlForKey, formDataStateBody, newDatasetBody, overwriteDatasetBody,
  overwriteDatasetUrl, ownedDatasetsQuery, savedDatasetFormData,
} from './dataset-save';
import { DatasetCreateSchema, DatasetUpdateSchema } from '../dataset-inputs';

const source = { sql: 'SELECT name, num FROM birth_names', databaseId: 3, schema: 'main', templateParams: null };
const owned = { id: 9, table_name: 'names', owners: [{ id: 1 }, { id: 4 }] };

describe('defaultDatasetName', () => {
  it("is the datasource's name, or 'Untitled Dataset', with the local date and time", () => {
    const now = new Date(2024, 4, 7, 9, 3, 1);
    expect(defaultDatasetName('Untitled Query 2', now)).toBe('Untitled Query 2 05/07/2024 09:03:01');
    expect(defaultDatasetName(null, now)).toBe('Untitled Dataset 05/07/2024 09:03:01');
    expect(defaultDatasetName('   ', now)).toBe('Untitled Dataset 05/07/2024 09:03:01');
  });

  it('fits the 250 characters a dataset name may have', () => {
    expect(defaultDatasetName('x'.repeat(300), new Date())).toHaveLength(250);
  });
});

describe('canSaveDataset', () => {
  it('needs a name to save as new, and a chosen dataset to overwrite', () => {
    expect(canSaveDataset('save-new', 'sales', null)).toBe(true);
    expect(canSaveDataset('save-new', '  ', null)).toBe(false);
    expect(canSaveDataset('save-new', '', owned)).toBe(false);
    expect(canSaveDataset('save-new', 'x'.repeat(251), null)).toBe(false);
    expect(canSaveDataset('overwrite', '', null)).toBe(false);
    expect(canSaveDataset('overwrite', '', owned)).toBe(true);
  });
});

describe('payloads', () => {
  it('creates a virtual dataset with the body the API accepts', () => {
    const body = newDatasetBody({ ...source, templateParams: '{"limit": 5}' }, '  names by year ');
    expect(body).toEqual({ database: 3, schema: 'main', table_name: 'names by year', sql: source.sql, template_params: '{"limit": 5}' });
    expect(DatasetCreateSchema.safeParse(body).success).toBe(true);
    expect(newDatasetBody({ ...source, schema: '', templateParams: ' ' }, 'n')).toMatchObject({ schema: null, template_params: null });
  });

  it('overwrites with the SQL, the database, the owners kept and the columns to sync', () => {
    const body = overwriteDatasetBody(source, owned, [{ column_name: 'name', type: 'VARCHAR', is_dttm: false }]);
    expect(body).toEqual({ sql: source.sql, database_id: 3, schema: 'main', owners: [1, 4], columns: [{ column_name: 'name', type: 'VARCHAR', is_dttm: false }] });
    expect(DatasetUpdateSchema.safeParse(body).success).toBe(true);
    expect(overwriteDatasetBody(source, owned, null)).not.toHaveProperty('columns');
    expect(overwriteDatasetUrl(9)).toBe('/api/v1/dataset/9?override_columns=true');
  });

  it("lists only the user's own datasets, filtered by name when text is typed", () => {
    const q = ListQuerySchema.parse(ownedDatasetsQuery(' sales ', 7));
    expect(q.filters).toEqual([{ col: 'table_name', opr: 'ct', value: 'sales' }, { col: 'owners', opr: 'rel_m_m', value: 7 }]);
    expect(q).toMatchObject({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0 });
    expect(ownedDatasetsQuery('', 7).filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 7 }]);
  });
});

describe('savedDatasetFormData', () => {
  it("keeps the chart's form data on the new dataset, without the visit's url_params", () => {
    const fd = savedDatasetFormData(12, { viz_type: 'pie', datasource: '5__query', metric: 'count', row_limit: 50, url_params: { a: '1' } }, null);
    expect(fd).toEqual({ viz_type: 'pie', datasource: '12__table', metric: 'count', row_limit: 50, metrics: [], groupby: [], time_range: 'No filter' });
  });

  it("without a chart, opens a raw table of the query's columns with the new-dataset defaults", () => {
    const fd = savedDatasetFormData(12, null, [{ column_name: 'name', type: null, is_dttm: false }, { column_name: 'ds', type: 'DATE', is_dttm: true }]);
    expect(fd).toEqual({ viz_type: 'table', metrics: [], groupby: [], time_range: 'No filter', row_limit: 1000, query_mode: 'raw', all_columns: ['name', 'ds'], datasource: '12__table' });
  });

  it('is stored as JSON text under the dataset, and opened by key', () => {
    expect(formDataStateBody(12, { a: 1 })).toEqual({ datasource_id: 12, datasource_type: 'table', form_data: '{"a":1}' });
    expect(exploreUrlForKey('ab/c')).toBe('/explore/?form_data_key=ab%2Fc');
    expect(exploreUrlForDataset(12)).toBe('/explore/?datasource_type=table&datasource_id=12');
  });
});
