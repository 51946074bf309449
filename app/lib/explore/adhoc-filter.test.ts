import { describe, expect, it } from 'vitest';
import {
  coerceComparatorValue,
  emptyFilter,
  filterFromColumn,
  filterFromMetricSql,
  filterLabel,
  filterToSql,
  finaliseFilter,
  isFilterIncompatible,
  isValidAdhocFilter,
  normaliseComparator,
  operatorAfterSubjectChange,
  operatorIdOf,
  operatorsFor,
  sameFilter,
  withOperator,
  type AdhocFilterValue,
} from './adhoc-filter';

const num = { column_name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false };
const amount = { column_name: 'amount', type: 'DOUBLE', type_generic: 0, is_dttm: false };
const name = { column_name: 'name', type: 'VARCHAR(255)', type_generic: 1, is_dttm: false };
const ds = { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true };
const flag = { column_name: 'flag', type: 'BOOLEAN', type_generic: 3, is_dttm: false };
const calc = { column_name: 'is_big', type: 'VARCHAR', type_generic: 1, is_dttm: false, expression: 'num > 100' };

const simple = (over: Partial<AdhocFilterValue>): AdhocFilterValue => ({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'num', operator: '>', operatorId: 'GREATER_THAN', comparator: 5, ...over });

describe('operatorsFor', () => {
  it('offers IS TRUE / IS FALSE only for boolean, integer or expression columns', () => {
    expect(operatorsFor({ column: num, clause: 'WHERE' })).toContain('IS_TRUE');
    expect(operatorsFor({ column: calc, clause: 'WHERE' })).toContain('IS_FALSE');
    expect(operatorsFor({ column: amount, clause: 'WHERE' })).not.toContain('IS_TRUE');
    expect(operatorsFor({ column: name, clause: 'WHERE' })).not.toContain('IS_FALSE');
  });

  it('offers a boolean column only the null and truth checks', () => {
    expect(operatorsFor({ column: flag, clause: 'WHERE' })).toEqual(['IS_NOT_NULL', 'IS_NULL', 'IS_TRUE', 'IS_FALSE']);
  });

  it('offers the temporal range only for temporal columns and never the latest partition', () => {
    expect(operatorsFor({ column: ds, clause: 'WHERE' })).toContain('TEMPORAL_RANGE');
    expect(operatorsFor({ column: name, clause: 'WHERE' })).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor({ column: ds, clause: 'WHERE' })).not.toContain('LATEST_PARTITION');
  });

  it('offers a metric (HAVING) filter the comparisons only', () => {
    expect(operatorsFor({ column: null, clause: 'HAVING' })).toEqual(['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL']);
  });
});

describe('operatorAfterSubjectChange', () => {
  it('keeps an operator that applies and resets one that does not to IN', () => {
    expect(operatorAfterSubjectChange('LIKE', { column: name, clause: 'WHERE' })).toBe('LIKE');
    expect(operatorAfterSubjectChange('TEMPORAL_RANGE', { column: name, clause: 'WHERE' })).toBe('IN');
    expect(operatorAfterSubjectChange('IS_TRUE', { column: amount, clause: 'WHERE' })).toBe('IN');
    expect(operatorAfterSubjectChange(null, { column: num, clause: 'WHERE' })).toBe('IN');
  });

  it('falls back to the first operator a boolean column takes', () => {
    expect(operatorAfterSubjectChange('IN', { column: flag, clause: 'WHERE' })).toBe('IS_NOT_NULL');
  });
});

describe('normaliseComparator', () => {
  it('turns a value into a list for IN and a list into its first value for =', () => {
    expect(normaliseComparator('IN', 'boy')).toEqual(['boy']);
    expect(normaliseComparator('NOT_IN', '')).toEqual([]);
    expect(normaliseComparator('EQUALS', ['boy', 'girl'])).toBe('boy');
  });

  it('sets booleans for the truth checks, nothing for the null checks, a range for temporal', () => {
    expect(normaliseComparator('IS_TRUE', 'x')).toBe(true);
    expect(normaliseComparator('IS_FALSE', 'x')).toBe(false);
    expect(normaliseComparator('IS_NULL', ['x'])).toBeUndefined();
    expect(normaliseComparator('TEMPORAL_RANGE', ['x'])).toBe('No filter');
    expect(normaliseComparator('TEMPORAL_RANGE', 'Last week')).toBe('Last week');
  });

  it('withOperator writes the operator id, the operation and the comparator', () => {
    expect(withOperator(simple({ comparator: 5 }), 'IN')).toMatchObject({ operatorId: 'IN', operator: 'IN', comparator: [5] });
    expect(withOperator(simple({}), 'IS_TRUE')).toMatchObject({ operatorId: 'IS_TRUE', operator: '==', comparator: true });
  });
});

describe('operatorIdOf', () => {
  it('reads filters saved without an operator id', () => {
    expect(operatorIdOf({ operator: 'in', comparator: [] })).toBe('IN');
    expect(operatorIdOf({ operator: '==', comparator: true })).toBe('IS_TRUE');
    expect(operatorIdOf({ operator: '==', comparator: 'x' })).toBe('EQUALS');
    expect(operatorIdOf({ operator: 'IS NOT NULL' })).toBe('IS_NOT_NULL');
    expect(operatorIdOf({ operator: 'REGEX' })).toBeNull();
  });
});

describe('isValidAdhocFilter', () => {
  it('needs an expression and a clause for SQL', () => {
    expect(isValidAdhocFilter({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 5' })).toBe(true);
    expect(isValidAdhocFilter({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '' })).toBe(false);
  });

  it('needs an operator and a subject for a null check', () => {
    expect(isValidAdhocFilter(simple({ operator: 'IS NULL', operatorId: 'IS_NULL', comparator: undefined }))).toBe(true);
    expect(isValidAdhocFilter(simple({ operator: 'IS NULL', operatorId: 'IS_NULL', subject: null }))).toBe(false);
  });

  it('needs a subject and a comparator for a truth check', () => {
    expect(isValidAdhocFilter(simple({ operator: '==', operatorId: 'IS_FALSE', comparator: false }))).toBe(true);
    expect(isValidAdhocFilter(simple({ operator: '==', operatorId: 'IS_TRUE', comparator: null }))).toBe(false);
  });

  it('needs a non-empty comparator (a list with an item) otherwise', () => {
    expect(isValidAdhocFilter(simple({}))).toBe(true);
    expect(isValidAdhocFilter(simple({ comparator: '' }))).toBe(false);
    expect(isValidAdhocFilter(simple({ operator: 'IN', operatorId: 'IN', comparator: [] }))).toBe(false);
    expect(isValidAdhocFilter(simple({ operator: 'IN', operatorId: 'IN', comparator: ['boy'] }))).toBe(true);
    expect(isValidAdhocFilter(simple({ subject: null }))).toBe(false);
    expect(isValidAdhocFilter(emptyFilter())).toBe(false);
  });
});

describe('filterToSql and filterLabel', () => {
  it('writes comparisons with SQL operators, quoting non-numbers', () => {
    expect(filterToSql(simple({}))).toBe('num > 5');
    expect(filterToSql(simple({ subject: 'name', operator: '==', operatorId: 'EQUALS', comparator: "O'Hara" }))).toBe("name = 'O''Hara'");
    expect(filterToSql(simple({ operator: '!=', operatorId: 'NOT_EQUALS', comparator: 3 }))).toBe('num <> 3');
  });

  it('writes lists in parentheses and checks without a value', () => {
    expect(filterToSql(simple({ subject: 'gender', operator: 'IN', operatorId: 'IN', comparator: ['boy', 'girl'] }))).toBe("gender IN ('boy', 'girl')");
    expect(filterToSql(simple({ operator: 'NOT IN', operatorId: 'NOT_IN', comparator: [1, 2] }))).toBe('num NOT IN (1, 2)');
    expect(filterToSql(simple({ operator: 'IS NOT NULL', operatorId: 'IS_NOT_NULL', comparator: undefined }))).toBe('num IS NOT NULL');
    expect(filterToSql(simple({ operator: '==', operatorId: 'IS_TRUE', comparator: true }))).toBe('num IS TRUE');
  });

  it('shows a temporal range with its range and SQL filters as written', () => {
    expect(filterToSql(filterFromColumn(ds))).toBe('ds (No filter)');
    expect(filterToSql({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 10' })).toBe('SUM(num) > 10');
  });

  it('cuts long labels', () => {
    const label = filterLabel(simple({ subject: 'name', operator: 'IN', operatorId: 'IN', comparator: ['a'.repeat(30), 'b'.repeat(30)] }));
    expect(label).toHaveLength(43);
    expect(label.endsWith('...')).toBe(true);
  });
});

describe('filters a drop starts from', () => {
  it('filters a column with IN, a temporal column with a temporal range', () => {
    expect(filterFromColumn(name)).toMatchObject({ expressionType: 'SIMPLE', subject: 'name', operatorId: 'IN', operator: 'IN', comparator: [], clause: 'WHERE', isNew: true });
    expect(filterFromColumn(ds)).toMatchObject({ operatorId: 'TEMPORAL_RANGE', operator: 'TEMPORAL_RANGE', comparator: 'No filter' });
  });

  it('starts a boolean column, which takes no IN, with its first check', () => {
    expect(filterFromColumn(flag)).toMatchObject({ operatorId: 'IS_NOT_NULL', operator: 'IS NOT NULL', comparator: undefined });
  });

  it('filters a metric in SQL under HAVING', () => {
    expect(filterFromMetricSql('COUNT(*)')).toMatchObject({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 0' });
  });
});

describe('finaliseFilter', () => {
  it('writes a HAVING filter on a metric as SQL with the metric expression', () => {
    const saved = finaliseFilter(simple({ clause: 'HAVING', subject: 'count', operator: '>=', operatorId: 'GREATER_THAN_OR_EQUAL', comparator: 10, isNew: true }), (s) => (s === 'count' ? 'COUNT(*)' : null));
    expect(saved).toMatchObject({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) >= 10' });
    expect(saved).not.toHaveProperty('isNew');
  });

  it('keeps a WHERE filter simple and normalises its comparator', () => {
    const saved = finaliseFilter(simple({ operator: 'IN', operatorId: 'IN', comparator: 'boy' }), () => null);
    expect(saved).toMatchObject({ expressionType: 'SIMPLE', comparator: ['boy'], sqlExpression: null });
    expect(saved.filterOptionName).toMatch(/^filter_/);
  });
});

describe('sameFilter and isFilterIncompatible', () => {
  it('sees a changed comparator and ignores the option name', () => {
    expect(sameFilter(simple({ filterOptionName: 'a' }), simple({ filterOptionName: 'b' }))).toBe(true);
    expect(sameFilter(simple({}), simple({ comparator: 6 }))).toBe(false);
  });

  it('flags a WHERE filter on a column the dataset lacks', () => {
    expect(isFilterIncompatible(simple({}), [num])).toBe(false);
    expect(isFilterIncompatible(simple({ subject: 'gone' }), [num])).toBe(true);
    expect(isFilterIncompatible({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'gone > 1' }, [num])).toBe(false);
  });
});

describe('coerceComparatorValue', () => {
  it('reads numbers typed for a numeric column and keeps text otherwise', () => {
    expect(coerceComparatorValue('5', num)).toBe(5);
    expect(coerceComparatorValue('5x', num)).toBe('5x');
    expect(coerceComparatorValue('5', name)).toBe('5');
    expect(coerceComparatorValue(' ', num)).toBe(' ');
  });
});
