import { describe, expect, it } from 'vitest';
import { addToValue, canDrop, moveItem, parseDragItem, resolveDrop } from './drop-rules';

const dataset = {
  columns: [
    { column_name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false },
    { column_name: 'name', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'flag', type: 'BOOLEAN', type_generic: 3, is_dttm: false },
  ],
  metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }],
};
const metrics = (value: string[] = [], multi = true) => ({ kind: 'metrics' as const, multi, value });
const columns = (value: string[] = [], multi = true, allowed = ['num', 'name', 'ds']) => ({ kind: 'columns' as const, multi, value, allowed });

describe('parseDragItem', () => {
  it('reads the dataset pane’s JSON and refuses anything else', () => {
    expect(parseDragItem('{"kind":"column","name":"num"}')).toEqual({ kind: 'column', name: 'num' });
    expect(parseDragItem('{"kind":"table","name":"x"}')).toBeNull();
    expect(parseDragItem('not json')).toBeNull();
    expect(parseDragItem('')).toBeNull();
  });
});

describe('resolveDrop on a metric selector', () => {
  it('adds a saved metric directly', () => {
    expect(resolveDrop(metrics(), { kind: 'metric', name: 'count' }, dataset)).toEqual({ action: 'add', value: 'count' });
  });

  it('refuses a saved metric already chosen, unless the selector holds one value', () => {
    expect(resolveDrop(metrics(['count']), { kind: 'metric', name: 'count' }, dataset).action).toBe('reject');
    expect(resolveDrop(metrics(['count'], false), { kind: 'metric', name: 'count' }, dataset).action).toBe('add');
  });

  it('opens the editor with SUM for a numeric column and COUNT_DISTINCT for the others', () => {
    const sum = resolveDrop(metrics(), { kind: 'column', name: 'num' }, dataset);
    expect(sum).toMatchObject({ action: 'edit-metric', metric: { expressionType: 'SIMPLE', aggregate: 'SUM', label: 'SUM(num)' } });
    for (const name of ['name', 'ds', 'flag']) {
      expect(resolveDrop(metrics(), { kind: 'column', name }, dataset)).toMatchObject({ action: 'edit-metric', metric: { aggregate: 'COUNT_DISTINCT' } });
    }
  });

  it('refuses what the dataset does not have', () => {
    expect(canDrop(metrics(), { kind: 'column', name: 'gone' }, dataset)).toBe(false);
    expect(canDrop(metrics(), { kind: 'metric', name: 'gone' }, dataset)).toBe(false);
  });
});

describe('resolveDrop on a column selector', () => {
  it('adds an allowed column once and refuses metrics', () => {
    expect(resolveDrop(columns(), { kind: 'column', name: 'name' }, dataset)).toEqual({ action: 'add', value: 'name' });
    expect(resolveDrop(columns(['name']), { kind: 'column', name: 'name' }, dataset).action).toBe('reject');
    expect(resolveDrop(columns(), { kind: 'column', name: 'flag' }, dataset).action).toBe('reject');
    expect(resolveDrop(columns(), { kind: 'metric', name: 'count' }, dataset).action).toBe('reject');
  });
});

describe('resolveDrop on the filter selector', () => {
  it('opens the editor with IN, or a temporal range for a temporal column', () => {
    expect(resolveDrop({ kind: 'filters' }, { kind: 'column', name: 'name' }, dataset)).toMatchObject({ action: 'edit-filter', filter: { subject: 'name', operatorId: 'IN', clause: 'WHERE' } });
    expect(resolveDrop({ kind: 'filters' }, { kind: 'column', name: 'ds' }, dataset)).toMatchObject({ action: 'edit-filter', filter: { subject: 'ds', operatorId: 'TEMPORAL_RANGE' } });
  });

  it('opens the editor with a HAVING filter on a dropped metric', () => {
    expect(resolveDrop({ kind: 'filters' }, { kind: 'metric', name: 'count' }, dataset)).toMatchObject({ action: 'edit-filter', filter: { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 0' } });
  });
});

describe('addToValue and moveItem', () => {
  it('appends to a multi value and replaces a single one', () => {
    expect(addToValue(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(addToValue(['a'], 'b', false)).toEqual(['b']);
  });

  it('moves an item to a new index', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
