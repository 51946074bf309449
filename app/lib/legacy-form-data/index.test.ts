import { describe, expect, it } from 'vitest';
import { convertLegacyFiltersIntoAdhoc, hashOf, mergeExtraFilters, mergeExtraFormData, normalizeLegacyFormData, simpleFilterToAdhoc } from './index';

const named = expect.stringMatching(/^[0-9a-f]{32}$/);

describe('convertLegacyFiltersIntoAdhoc', () => {
  it('turns having, where, filters and having_filters into adhoc filters, in that order', () => {
    const input = {
      viz_type: 'table',
      where: "state = 'CA'",
      having: 'SUM(num) > 10',
      filters: [{ col: 'gender', op: 'in', val: ['boy'] }, null],
      having_filters: [{ col: 'count', op: '>', val: 5 }],
    };
    const out = convertLegacyFiltersIntoAdhoc(input);
    expect(out).toEqual({
      viz_type: 'table',
      adhoc_filters: [
        { clause: 'HAVING', expressionType: 'SQL', sqlExpression: 'SUM(num) > 10', filterOptionName: named },
        { clause: 'WHERE', expressionType: 'SQL', sqlExpression: "state = 'CA'", filterOptionName: named },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'gender', operator: 'in', comparator: ['boy'], filterOptionName: named },
        { clause: 'HAVING', expressionType: 'SIMPLE', subject: 'count', operator: '>', comparator: 5, filterOptionName: named },
      ],
    });
    // The input is left alone.
    expect(input.where).toBe("state = 'CA'");
  });

  it('skips empty where text and keeps existing adhoc filters, dropping the legacy keys as Superset does', () => {
    expect(convertLegacyFiltersIntoAdhoc({ where: '', having: '' })).toEqual({ adhoc_filters: [] });
    const adhoc = [{ clause: 'WHERE', expressionType: 'SQL', sqlExpression: '1 = 1' }];
    expect(convertLegacyFiltersIntoAdhoc({ adhoc_filters: adhoc, where: 'x = 1', filters: [{ col: 'a', op: '==', val: 1 }] })).toEqual({ adhoc_filters: adhoc });
  });
});

describe('mergeExtraFormData', () => {
  it('overrides time fields, fills extras, appends filters marked isExtra and moves TEMPORAL_RANGE', () => {
    const out = mergeExtraFormData({
      time_range: 'Last week',
      adhoc_filters: [{ clause: 'WHERE', expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }],
      adhoc_filters_b: [],
      extras: { where: '' },
      extra_form_data: {
        time_range: 'Last year',
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1M',
        relative_end: 'now',
        adhoc_filters: [{ clause: 'WHERE', expressionType: 'SQL', sqlExpression: 'num > 1' }],
        filters: [{ col: 'gender', op: 'IN', val: ['girl'] }],
        custom_form_data: { a: 1 },
      },
    });
    const extraSimple = { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'gender', operator: 'IN', comparator: ['girl'], isExtra: true, filterOptionName: named };
    expect(out).toEqual({
      time_range: 'Last year',
      granularity: 'ds',
      time_grain_sqla: 'P1M',
      extras: { where: '', relative_end: 'now' },
      custom_form_data: { a: 1 },
      adhoc_filters: [
        // no granularity_sqla in the form data: the temporal filter takes the range
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last year' },
        { isExtra: true, clause: 'WHERE', expressionType: 'SQL', sqlExpression: 'num > 1' },
        extraSimple,
      ],
      adhoc_filters_b: [extraSimple],
    });
  });

  it('leaves a form data without extra_form_data as it was, with an adhoc_filters list', () => {
    expect(mergeExtraFormData({ viz_type: 'line', granularity_sqla: 'ds', time_range: 'Last day' })).toEqual({ viz_type: 'line', granularity_sqla: 'ds', time_range: 'Last day', adhoc_filters: [] });
  });
});

describe('mergeExtraFilters', () => {
  it('takes time extras, skips empty and duplicate filters, and appends the rest', () => {
    const out = mergeExtraFilters({
      time_range: 'Last week',
      adhoc_filters: [
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'gender', operator: 'in', comparator: ['boy', 'girl'] },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'state', operator: '==', comparator: 'CA' },
      ],
      extra_filters: [
        { col: '__time_range', op: '==', val: '2020-01-01 : 2021-01-01' },
        { col: '__time_grain', op: '==', val: 'P1D' },
        { col: '__time_col', op: '==', val: 'No filter' },
        { col: 'gender', op: 'in', val: ['girl', 'boy'] }, // same set: skipped
        { col: 'gender', op: 'in', val: ['girl'] }, // another set: added
        { col: 'state', op: '==', val: 'CA' }, // same value: skipped
        { col: 'state', op: '==', val: 'NY' },
        { col: 'name', op: 'in', val: [] }, // no value: skipped
      ],
    });
    expect(out).toEqual({
      time_range: '2020-01-01 : 2021-01-01',
      time_grain_sqla: 'P1D',
      applied_time_extras: { __time_range: '2020-01-01 : 2021-01-01', __time_grain: 'P1D' },
      adhoc_filters: [
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'gender', operator: 'in', comparator: ['boy', 'girl'] },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'state', operator: '==', comparator: 'CA' },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'gender', operator: 'in', comparator: ['girl'], isExtra: true, filterOptionName: named },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'state', operator: '==', comparator: 'NY', isExtra: true, filterOptionName: named },
      ],
    });
  });
});

describe('normalizeLegacyFormData', () => {
  it('converts, then merges, and is idempotent', () => {
    const once = normalizeLegacyFormData({ filters: [{ col: 'a', op: '==', val: 1 }], extra_filters: [{ col: 'b', op: 'in', val: ['x'] }] });
    expect(once.adhoc_filters).toEqual([
      { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'a', operator: '==', comparator: 1, filterOptionName: named },
      { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'b', operator: 'in', comparator: ['x'], isExtra: true, filterOptionName: named },
    ]);
    expect(normalizeLegacyFormData(once)).toEqual(once);
  });
});

describe('hashOf', () => {
  it('is stable under key order and tells different filters apart', () => {
    expect(hashOf({ a: 1, b: [1, 2] })).toBe(hashOf({ b: [1, 2], a: 1 }));
    expect(hashOf({ a: 1 })).not.toBe(hashOf({ a: 2 }));
    expect(simpleFilterToAdhoc({ col: 'a', op: '==', val: 1 }).filterOptionName).not.toBe(simpleFilterToAdhoc({ col: 'a', op: '==', val: 1 }, 'having').filterOptionName);
  });
});
