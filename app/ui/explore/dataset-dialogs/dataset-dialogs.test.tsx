import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListQuerySchema } from '~/lib/list-query';
import { SaveDatasetChoice } from './save-dataset-dialog';
import { EXPLORE_HANDOFF_INTENT, SqlLabHandoffSchema, sqlForSqlLab, sqlLabHandoffFields } from './sql-lab-handoff';
import { SwapDatasetTable } from './swap-dataset-dialog';
import { DEFAULT_SWAP_SORT, kindLabel, nextSwapSort, ownerNames, pageCountOf, swapDatasetsQuery } from './swap-query';

const noop = () => {};

describe('swap dataset list', () => {
  it('asks the server for one page, filtered by name and sorted', () => {
    const q = ListQuerySchema.parse(swapDatasetsQuery(' birth ', 2, { column: 'schema', direction: 'asc' }));
    expect(q).toMatchObject({ filters: [{ col: 'table_name', opr: 'ct', value: 'birth' }], page: 2, page_size: 20, order_column: 'schema', order_direction: 'asc' });
    expect(swapDatasetsQuery('', 0).filters).toEqual([]);
    // Most recently changed first until a header is clicked.
    expect(swapDatasetsQuery('', 0)).toMatchObject({ order_column: 'changed_on_delta_humanized', order_direction: 'desc' });
    expect(DEFAULT_SWAP_SORT).toEqual({ column: 'changed_on_delta_humanized', direction: 'desc' });
  });

  it('flips the direction of the sorted column, and starts another ascending', () => {
    expect(nextSwapSort({ column: 'table_name', direction: 'asc' }, 'table_name')).toEqual({ column: 'table_name', direction: 'desc' });
    expect(nextSwapSort({ column: 'table_name', direction: 'desc' }, 'schema')).toEqual({ column: 'schema', direction: 'asc' });
  });

  it('labels types and owners, and counts pages', () => {
    expect(kindLabel('virtual')).toBe('Virtual');
    expect(kindLabel('physical')).toBe('Physical');
    expect(ownerNames([{ id: 1, first_name: 'Ada', last_name: 'Lovelace' }, { id: 2, first_name: 'Bob', last_name: null }])).toBe('Ada Lovelace, Bob');
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(41)).toBe(3);
  });

  it('renders the columns of the spec, a pick button per row and the sort on its header', () => {
    const html = renderToStaticMarkup(
      <SwapDatasetTable currentId={1} sort={{ column: 'table_name', direction: 'asc' }} onSort={noop} onPick={noop} rows={[
        { id: 1, table_name: 'birth_names', kind: 'physical', schema: 'main', database: { database_name: 'examples' }, owners: [{ id: 1, first_name: 'Ada', last_name: 'L' }] },
        { id: 2, table_name: 'totals', kind: 'virtual', schema: null, database: { database_name: 'shop' }, owners: [] },
      ]} />,
    );
    const headers = [...html.matchAll(/<th[^>]*>(?:<button[^>]*>)?([A-Za-z]+)/g)].map((m) => m[1]);
    expect(headers).toEqual(['Name', 'Type', 'Schema', 'Connection', 'Owners']);
    expect(html).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><button[^>]*>Name/);
    expect(html).toMatch(/<button type="button"[^>]*>birth_names<\/button><span[^>]*>\(current\)/);
    expect(html).toContain('<td class="px-2 py-1.5">Virtual</td>');
    expect(html).toContain('<td class="px-2 py-1.5">examples</td>');
    expect(html).toContain('Ada L');
  });
});

describe('SaveDatasetChoice', () => {
  it('offers the two modes as radios, the name only for a new dataset', () => {
    const html = renderToStaticMarkup(<SaveDatasetChoice mode="save-new" onMode={noop} name="Sales 01/02/2024 10:00:00" onName={noop} error={null} picker={<span>picker</span>} />);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="save-new"/);
    expect(html).not.toMatch(/<input type="radio"[^>]*checked=""[^>]*value="overwrite"/);
    expect(html).toMatch(/Save as new/);
    expect(html).toMatch(/Overwrite existing/);
    expect(html).toMatch(/<label for="[^"]+-name"[^>]*>Dataset name<\/label><input[^>]*value="Sales 01\/02\/2024 10:00:00"/);
    const overwrite = renderToStaticMarkup(<SaveDatasetChoice mode="overwrite" onMode={noop} name="x" onName={noop} error={null} picker={null} />);
    expect(overwrite).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="overwrite"/);
    expect(overwrite).toMatch(/<input id="[^"]+-name"[^>]*disabled=""/);
  });

  it('shows the save error under the name, announced', () => {
    const html = renderToStaticMarkup(<SaveDatasetChoice mode="save-new" onMode={noop} name="x" onName={noop} error="Dataset x already exists" picker={null} />);
    expect(html).toMatch(/role="alert"[^>]*>Dataset x already exists/);
  });
});

describe('View in SQL Lab', () => {
  const base = { id: 12, type: 'table', name: 'birth_names', schema: 'main', sql: null };

  it("posts the datasource key and the virtual dataset's SQL, or a SELECT * of the table", () => {
    expect(sqlLabHandoffFields({ ...base, sql: 'SELECT 1' }, 'tok')).toEqual({ intent: EXPLORE_HANDOFF_INTENT, csrf_token: 'tok', datasourceKey: '12__table', sql: 'SELECT 1' });
    expect(sqlForSqlLab(base)).toBe('SELECT * FROM main.birth_names');
    expect(sqlForSqlLab({ ...base, schema: null })).toBe('SELECT * FROM birth_names');
    expect(sqlLabHandoffFields({ ...base, id: 7, type: 'query', sql: 'SELECT 2' }, 't').datasourceKey).toBe('7__query');
  });

  it('leaves a name that needs quoting to the server', () => {
    expect(sqlForSqlLab({ ...base, name: 'order details' })).toBe('');
  });

  it('reads the key as a dataset or a query, and nothing else', () => {
    expect(SqlLabHandoffSchema.parse({ datasourceKey: '12__table', sql: 'SELECT 1' })).toEqual({ datasourceKey: { id: 12, type: 'table' }, sql: 'SELECT 1' });
    expect(SqlLabHandoffSchema.parse({ datasourceKey: '7__query' }).sql).toBe('');
    expect(SqlLabHandoffSchema.safeParse({ datasourceKey: '7__druid' }).success).toBe(false);
    expect(SqlLabHandoffSchema.safeParse({ datasourceKey: '0__table' }).success).toBe(false);
  });
});
