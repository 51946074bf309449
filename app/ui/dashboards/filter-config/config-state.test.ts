/** The configuration modal's state: adding, editing, deleting with undo, ordering, validation and the saved list. */
import { describe, expect, it } from 'vitest';
import { parseFilterConfiguration } from '~/lib/dashboard/native-filters/parse';
import { FILTER_RANGE, FILTER_TIME, FILTER_TIME_GRAIN, type FilterConfigItem, type NativeFilter } from '~/lib/dashboard/native-filters/types';
import {
  COLUMN_REQUIRED, CYCLE_DETECTED, DATASET_REQUIRED, NAME_REQUIRED, PARENT_MISSING, PENDING_DELETE_MS,
  configReducer, initialConfigState, isRestorable, newDivider, newFilter, toSaved, validate,
  type ConfigAction, type ConfigState,
} from './config-state';

const valid = (seed: string, over: Partial<NativeFilter> = {}): NativeFilter => ({
  ...newFilter(seed),
  name: `Filter ${seed}`,
  targets: [{ datasetId: 1, column: { name: `col_${seed}` } }],
  ...over,
});

const run = (state: ConfigState, ...actions: ConfigAction[]): ConfigState => actions.reduce(configReducer, state);
const ids = (state: ConfigState) => state.items.map((item) => item.id);

describe('adding', () => {
  it('adds a select filter with the defaults and makes it current', () => {
    const state = run(initialConfigState([]), { type: 'addFilter', seed: 'abc' });
    expect(state.items).toEqual([
      expect.objectContaining({
        id: 'NATIVE_FILTER-abc', type: 'NATIVE_FILTER', name: '[untitled]', filterType: 'filter_select',
        controlValues: { multiSelect: true }, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
      }),
    ]);
    expect(state.currentId).toBe('NATIVE_FILTER-abc');
  });

  it('adds a divider titled [untitled]', () => {
    const state = run(initialConfigState([valid('a')]), { type: 'addDivider', seed: 'd1' });
    expect(state.items[1]).toEqual({ id: 'NATIVE_FILTER_DIVIDER-d1', type: 'DIVIDER', title: '[untitled]', description: '' });
    expect(state.currentId).toBe('NATIVE_FILTER_DIVIDER-d1');
  });

  it('refuses a seed whose id is taken, also by a pending deletion', () => {
    const start = initialConfigState([valid('a')]);
    expect(run(start, { type: 'addFilter', seed: 'a' })).toBe(start);
    const removed = run(start, { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 });
    expect(run(removed, { type: 'addFilter', seed: 'a' })).toBe(removed);
  });
});

describe('select', () => {
  it('changes the current item only to an existing one', () => {
    const start = initialConfigState([valid('a'), valid('b')]);
    expect(start.currentId).toBe('NATIVE_FILTER-a');
    expect(run(start, { type: 'select', id: 'NATIVE_FILTER-b' }).currentId).toBe('NATIVE_FILTER-b');
    expect(run(start, { type: 'select', id: 'nope' })).toBe(start);
  });
});

describe('update', () => {
  it('changes the fields of a filter and merges control values', () => {
    const start = initialConfigState([valid('a', { controlValues: { multiSelect: true, sortAscending: true } })]);
    const state = run(start, {
      type: 'update', id: 'NATIVE_FILTER-a',
      patch: {
        name: 'Region', filterType: FILTER_RANGE, description: 'd', controlValues: { multiSelect: false, enableEmptyFilter: true },
        defaultDataMask: { filterState: { value: ['EU'] } }, cascadeParentIds: ['x'], scope: { rootPath: ['TAB-1'], excluded: [3] },
      },
    });
    expect(state.items[0]).toMatchObject({
      name: 'Region', filterType: FILTER_RANGE, description: 'd', controlValues: { multiSelect: false, sortAscending: true, enableEmptyFilter: true },
      defaultDataMask: { filterState: { value: ['EU'] } }, cascadeParentIds: ['x'], scope: { rootPath: ['TAB-1'], excluded: [3] },
    });
    expect(start.items[0]).toMatchObject({ name: 'Filter a' });
  });

  it('sets the target; a new dataset clears the column', () => {
    const start = initialConfigState([valid('a')]);
    const column = run(start, { type: 'update', id: 'NATIVE_FILTER-a', patch: { target: { column: { name: 'country' } } } });
    expect((column.items[0] as NativeFilter).targets).toEqual([{ datasetId: 1, column: { name: 'country' } }]);
    const dataset = run(column, { type: 'update', id: 'NATIVE_FILTER-a', patch: { target: { datasetId: 2 } } });
    expect((dataset.items[0] as NativeFilter).targets).toEqual([{ datasetId: 2 }]);
    const both = run(column, { type: 'update', id: 'NATIVE_FILTER-a', patch: { target: { datasetId: 3, column: { name: 'city' } } } });
    expect((both.items[0] as NativeFilter).targets).toEqual([{ datasetId: 3, column: { name: 'city' } }]);
  });

  it("changes a divider's title and description, not filter fields", () => {
    const start = initialConfigState([newDivider('d')]);
    const state = run(start, { type: 'update', id: 'NATIVE_FILTER_DIVIDER-d', patch: { title: 'Geography', description: 'Where', name: 'ignored' } });
    expect(state.items[0]).toEqual({ id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: 'Geography', description: 'Where' });
  });

  it('clears the errors of the fields it touches', () => {
    const start = initialConfigState([valid('a', { name: '', targets: [{}] })]);
    const checked = run(start, { type: 'showErrors', result: validate(start) });
    expect(checked.errors['NATIVE_FILTER-a']).toEqual({ name: NAME_REQUIRED, dataset: DATASET_REQUIRED, column: COLUMN_REQUIRED });
    const named = run(checked, { type: 'update', id: 'NATIVE_FILTER-a', patch: { name: 'Region' } });
    expect(named.errors['NATIVE_FILTER-a']).toEqual({ dataset: DATASET_REQUIRED, column: COLUMN_REQUIRED });
    const targeted = run(named, { type: 'update', id: 'NATIVE_FILTER-a', patch: { target: { datasetId: 1 } } });
    expect(targeted.errors).toEqual({});
  });
});

describe('pre-filter', () => {
  it('sets and removes the adhoc filters and the time range', () => {
    const where = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: "region <> 'Europe'" };
    const set = run(initialConfigState([valid('a')]), { type: 'update', id: 'NATIVE_FILTER-a', patch: { adhocFilters: [where], timeRange: 'Last year' } });
    expect(set.items[0]).toMatchObject({ adhoc_filters: [where], time_range: 'Last year' });
    const cleared = run(set, { type: 'update', id: 'NATIVE_FILTER-a', patch: { adhocFilters: [], timeRange: null } });
    expect(cleared.items[0]).not.toHaveProperty('adhoc_filters');
    expect(cleared.items[0]).not.toHaveProperty('time_range');
  });
});

describe('remove, restore and expire', () => {
  const start = initialConfigState([valid('a'), newDivider('d'), valid('b')]);

  it('removes the item, keeps it restorable and moves the current item to its neighbour', () => {
    const state = run(start, { type: 'select', id: 'NATIVE_FILTER_DIVIDER-d' }, { type: 'remove', id: 'NATIVE_FILTER_DIVIDER-d', now: 1000 });
    expect(ids(state)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
    expect(state.currentId).toBe('NATIVE_FILTER-b');
    expect(state.removed).toEqual([{ id: 'NATIVE_FILTER_DIVIDER-d', item: start.items[1], index: 1, at: 1000 }]);
    expect(isRestorable(state, 'NATIVE_FILTER_DIVIDER-d', 1000 + PENDING_DELETE_MS - 1)).toBe(true);
    expect(isRestorable(state, 'NATIVE_FILTER_DIVIDER-d', 1000 + PENDING_DELETE_MS)).toBe(false);
  });

  it('moves the current item to the previous one when the last is removed, and to none when the list empties', () => {
    const last = run(start, { type: 'select', id: 'NATIVE_FILTER-b' }, { type: 'remove', id: 'NATIVE_FILTER-b', now: 0 });
    expect(last.currentId).toBe('NATIVE_FILTER_DIVIDER-d');
    const one = initialConfigState([valid('a')]);
    expect(run(one, { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 }).currentId).toBeNull();
  });

  it('restores at the former index and makes it current', () => {
    const removed = run(start, { type: 'remove', id: 'NATIVE_FILTER_DIVIDER-d', now: 0 }, { type: 'select', id: 'NATIVE_FILTER-a' });
    const restored = run(removed, { type: 'restore', id: 'NATIVE_FILTER_DIVIDER-d', now: PENDING_DELETE_MS - 1 });
    expect(ids(restored)).toEqual(ids(start));
    expect(restored.items[1]).toBe(start.items[1]);
    expect(restored.currentId).toBe('NATIVE_FILTER_DIVIDER-d');
    expect(restored.removed).toEqual([]);
  });

  it('restores at the end when the list got shorter', () => {
    const state = run(start, { type: 'remove', id: 'NATIVE_FILTER-b', now: 0 }, { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 }, { type: 'restore', id: 'NATIVE_FILTER-b' });
    expect(ids(state)).toEqual(['NATIVE_FILTER_DIVIDER-d', 'NATIVE_FILTER-b']);
  });

  it('refuses a restore after 5000 ms', () => {
    const removed = run(start, { type: 'remove', id: 'NATIVE_FILTER-a', now: 100 });
    expect(run(removed, { type: 'restore', id: 'NATIVE_FILTER-a', now: 100 + PENDING_DELETE_MS })).toBe(removed);
  });

  it('expire drops the deletions older than 5000 ms only', () => {
    const removed = run(start, { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 }, { type: 'remove', id: 'NATIVE_FILTER-b', now: 3000 });
    const expired = run(removed, { type: 'expire', now: PENDING_DELETE_MS });
    expect(expired.removed.map((entry) => entry.id)).toEqual(['NATIVE_FILTER-b']);
    expect(run(expired, { type: 'restore', id: 'NATIVE_FILTER-a' })).toBe(expired);
    expect(run(expired, { type: 'expire', now: PENDING_DELETE_MS + 1 })).toBe(expired);
  });

  it('forgets the errors of a removed item', () => {
    const bad = initialConfigState([valid('a', { name: '' })]);
    const state = run(bad, { type: 'showErrors', result: validate(bad) }, { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 });
    expect(state.errors).toEqual({});
  });
});

describe('reorder', () => {
  const start = initialConfigState([valid('a'), valid('b'), valid('c')]);

  it('moves an item from one index to another', () => {
    expect(ids(run(start, { type: 'reorder', from: 0, to: 2 }))).toEqual(['NATIVE_FILTER-b', 'NATIVE_FILTER-c', 'NATIVE_FILTER-a']);
    expect(ids(run(start, { type: 'reorder', from: 2, to: 0 }))).toEqual(['NATIVE_FILTER-c', 'NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
  });

  it('ignores indexes out of range', () => {
    expect(run(start, { type: 'reorder', from: 0, to: 3 })).toBe(start);
    expect(run(start, { type: 'reorder', from: -1, to: 0 })).toBe(start);
  });
});

describe('validate', () => {
  const check = (items: FilterConfigItem[]) => validate(initialConfigState(items));

  it('accepts valid filters and dividers', () => {
    expect(check([valid('a'), newDivider('d'), valid('b', { cascadeParentIds: ['NATIVE_FILTER-a'] })])).toEqual({ errors: {}, firstInvalidId: null });
  });

  it('requires a name', () => {
    expect(check([valid('a', { name: '  ' })]).errors).toEqual({ 'NATIVE_FILTER-a': { name: NAME_REQUIRED } });
  });

  it('requires a dataset (except for a time range) and a column (except for time range, time column and time grain)', () => {
    expect(check([valid('a', { targets: [{}] })]).errors).toEqual({ 'NATIVE_FILTER-a': { dataset: DATASET_REQUIRED, column: COLUMN_REQUIRED } });
    expect(check([valid('a', { targets: [] })]).errors).toEqual({ 'NATIVE_FILTER-a': { dataset: DATASET_REQUIRED, column: COLUMN_REQUIRED } });
    expect(check([valid('a', { targets: [{ datasetId: 4 }] })]).errors).toEqual({ 'NATIVE_FILTER-a': { column: COLUMN_REQUIRED } });
    expect(check([valid('a', { filterType: FILTER_TIME_GRAIN, targets: [{}] })]).errors['NATIVE_FILTER-a']).toEqual({ dataset: DATASET_REQUIRED });
    expect(check([valid('a', { filterType: FILTER_TIME_GRAIN, targets: [{ datasetId: 4 }] })]).errors).toEqual({});
    expect(check([valid('a', { filterType: FILTER_TIME, targets: [{}] })]).errors).toEqual({});
  });

  it('requires every parent to be a filter of the list', () => {
    expect(check([valid('a', { cascadeParentIds: ['NATIVE_FILTER-gone'] })]).errors).toEqual({ 'NATIVE_FILTER-a': { cascadeParentIds: PARENT_MISSING } });
    expect(check([newDivider('d'), valid('a', { cascadeParentIds: ['NATIVE_FILTER_DIVIDER-d'] })]).errors).toEqual({ 'NATIVE_FILTER-a': { cascadeParentIds: PARENT_MISSING } });
    // A parent deleted in this session is not missing: it leaves its children's parents (see 'a deleted parent').
  });

  it('reports the filters of a cycle, not their children', () => {
    const result = check([
      valid('a', { cascadeParentIds: ['NATIVE_FILTER-b'] }),
      valid('b', { cascadeParentIds: ['NATIVE_FILTER-a'] }),
      valid('c', { cascadeParentIds: ['NATIVE_FILTER-a'] }),
      valid('s', { cascadeParentIds: ['NATIVE_FILTER-s'] }),
    ]);
    expect(result.errors).toEqual({
      'NATIVE_FILTER-a': { cascadeParentIds: CYCLE_DETECTED },
      'NATIVE_FILTER-b': { cascadeParentIds: CYCLE_DETECTED },
      'NATIVE_FILTER-s': { cascadeParentIds: CYCLE_DETECTED },
    });
  });

  it('allows a required filter with a default value', () => {
    const required = valid('a', { controlValues: { multiSelect: true, enableEmptyFilter: true }, defaultDataMask: { filterState: { value: ['EU'] } } });
    expect(check([required]).errors).toEqual({});
  });

  it('names the first filter in error in list order', () => {
    expect(check([valid('a'), valid('b', { name: '' }), valid('c', { targets: [{}] })]).firstInvalidId).toBe('NATIVE_FILTER-b');
    const reordered = run(initialConfigState([valid('a'), valid('b', { name: '' }), valid('c', { targets: [{}] })]), { type: 'reorder', from: 2, to: 0 });
    expect(validate(reordered).firstInvalidId).toBe('NATIVE_FILTER-c');
  });
});

describe('showErrors', () => {
  const start = initialConfigState([valid('a'), valid('b', { name: '' }), valid('c', { name: '' })]);

  it('shows the first filter in error when the current one has none', () => {
    const state = run(start, { type: 'showErrors', result: validate(start) });
    expect(state.currentId).toBe('NATIVE_FILTER-b');
    expect(Object.keys(state.errors)).toEqual(['NATIVE_FILTER-b', 'NATIVE_FILTER-c']);
  });

  it('stays on the current filter when it is in error', () => {
    const current = run(start, { type: 'select', id: 'NATIVE_FILTER-c' });
    expect(run(current, { type: 'showErrors', result: validate(current) }).currentId).toBe('NATIVE_FILTER-c');
  });

  it('stays put when all is valid', () => {
    const ok = initialConfigState([valid('a'), valid('b')]);
    const state = run(ok, { type: 'select', id: 'NATIVE_FILTER-b' });
    expect(run(state, { type: 'showErrors', result: validate(state) }).currentId).toBe('NATIVE_FILTER-b');
  });
});

describe('toSaved', () => {
  it('stores the list in order without pending deletions, readable back by the engine', () => {
    const start = initialConfigState([valid('a', { extraKey: 1 }), newDivider('d'), valid('b')]);
    const state = run(start, { type: 'remove', id: 'NATIVE_FILTER-b', now: 0 }, { type: 'reorder', from: 1, to: 0 });
    const saved = toSaved(state);
    expect(saved.map((item) => item.id)).toEqual(['NATIVE_FILTER_DIVIDER-d', 'NATIVE_FILTER-a']);
    expect(saved[1]).toMatchObject({ type: 'NATIVE_FILTER', name: 'Filter a', extraKey: 1, targets: [{ datasetId: 1, column: { name: 'col_a' } }] });
    const parsed = parseFilterConfiguration(saved);
    expect(parsed.problems).toEqual([]);
    expect(parsed.items).toEqual(state.items);
  });
});

describe('a deleted parent', () => {
  it('is no error and is dropped from its children when saved or final; restored, it stays their parent', () => {
    const start = initialConfigState([valid('p'), valid('c', { cascadeParentIds: ['NATIVE_FILTER-p'] })]);
    const removed = run(start, { type: 'remove', id: 'NATIVE_FILTER-p', now: 0 });
    expect(validate(removed).errors).toEqual({});
    expect(toSaved(removed)).toEqual([expect.objectContaining({ id: 'NATIVE_FILTER-c', cascadeParentIds: [] })]);
    const expired = run(removed, { type: 'expire', now: PENDING_DELETE_MS });
    expect(validate(expired).errors).toEqual({});
    expect(expired.items).toEqual([expect.objectContaining({ id: 'NATIVE_FILTER-c', cascadeParentIds: [] })]);
    const restored = run(removed, { type: 'restore', id: 'NATIVE_FILTER-p' });
    expect(toSaved(restored)[1]).toMatchObject({ cascadeParentIds: ['NATIVE_FILTER-p'] });
  });
});
