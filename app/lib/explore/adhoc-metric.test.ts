import { describe, expect, it } from 'vitest';
import {
  aggregateForColumn,
  defaultMetricLabel,
  finaliseAdhocMetric,
  isMetricIncompatible,
  isValidAdhocMetric,
  metricDisplayLabel,
  metricEditorDefaultTab,
  metricFromColumn,
  metricSql,
  sameMetric,
  type AdhocMetric,
} from './adhoc-metric';

const num = { column_name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false };
const name = { column_name: 'name', type: 'VARCHAR(255)', type_generic: 1, is_dttm: false };
const ds = { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true };
const flag = { column_name: 'flag', type: 'BOOLEAN', type_generic: 3, is_dttm: false };

const simple = (aggregate: string | null, column: { column_name: string } | null): AdhocMetric => ({ expressionType: 'SIMPLE', aggregate, column });

describe('isValidAdhocMetric', () => {
  it('needs a column and a known aggregate for a simple metric', () => {
    expect(isValidAdhocMetric(simple('SUM', num))).toBe(true);
    expect(isValidAdhocMetric(simple(null, num))).toBe(false);
    expect(isValidAdhocMetric(simple('MEDIAN', num))).toBe(false);
    expect(isValidAdhocMetric(simple('SUM', null))).toBe(false);
  });

  it('needs a non-blank expression for an SQL metric', () => {
    expect(isValidAdhocMetric({ expressionType: 'SQL', sqlExpression: 'SUM(num) / 2' })).toBe(true);
    expect(isValidAdhocMetric({ expressionType: 'SQL', sqlExpression: '   ' })).toBe(false);
    expect(isValidAdhocMetric(null)).toBe(false);
  });
});

describe('defaultMetricLabel', () => {
  it('is AGGREGATE(column) for a simple metric and the expression for SQL', () => {
    expect(defaultMetricLabel(simple('SUM', num))).toBe('SUM(num)');
    expect(defaultMetricLabel(simple('COUNT_DISTINCT', name))).toBe('COUNT_DISTINCT(name)');
    expect(defaultMetricLabel({ expressionType: 'SQL', sqlExpression: 'MAX(num)' })).toBe('MAX(num)');
  });

  it('cuts labels of 43 characters and more to 40 and an ellipsis', () => {
    const long = 'x'.repeat(43);
    expect(defaultMetricLabel({ expressionType: 'SQL', sqlExpression: long })).toBe(`${'x'.repeat(40)}...`);
    expect(defaultMetricLabel({ expressionType: 'SQL', sqlExpression: 'y'.repeat(42) })).toBe('y'.repeat(42));
  });
});

describe('metricEditorDefaultTab', () => {
  it('opens a new metric on Saved when the dataset has saved metrics, else Simple', () => {
    expect(metricEditorDefaultTab({ metric: null, isNew: true, savedMetricCount: 2 })).toBe('SAVED');
    expect(metricEditorDefaultTab({ metric: null, isNew: true, savedMetricCount: 0 })).toBe('SIMPLE');
  });

  it('opens a saved metric on Saved', () => {
    expect(metricEditorDefaultTab({ metric: 'count', isNew: false, savedMetricCount: 1 })).toBe('SAVED');
  });

  it('opens an adhoc metric on its own type, even with saved metrics', () => {
    expect(metricEditorDefaultTab({ metric: simple('SUM', num), isNew: false, savedMetricCount: 3 })).toBe('SIMPLE');
    expect(metricEditorDefaultTab({ metric: { expressionType: 'SQL', sqlExpression: 'x' }, isNew: false, savedMetricCount: 3 })).toBe('SQL');
  });

  it('opens a dropped column (new, with a column) on Simple', () => {
    expect(metricEditorDefaultTab({ metric: metricFromColumn(num), isNew: true, savedMetricCount: 3 })).toBe('SIMPLE');
  });
});

describe('aggregateForColumn and metricFromColumn (the drop prefill)', () => {
  it('sums numbers and counts distinct strings, times and booleans', () => {
    expect(aggregateForColumn(num)).toBe('SUM');
    expect(aggregateForColumn(name)).toBe('COUNT_DISTINCT');
    expect(aggregateForColumn(ds)).toBe('COUNT_DISTINCT');
    expect(aggregateForColumn(flag)).toBe('COUNT_DISTINCT');
    expect(aggregateForColumn({ column_name: 'x', type_generic: null })).toBeNull();
  });

  it('makes a simple metric labelled by its definition with an option name', () => {
    const metric = metricFromColumn(num);
    expect(metric).toMatchObject({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)', hasCustomLabel: false });
    expect(metric.optionName).toMatch(/^metric_/);
  });
});

describe('finaliseAdhocMetric', () => {
  it('drops the SQL of a simple metric and relabels it when the label is not custom', () => {
    const saved = finaliseAdhocMetric({ ...simple('MAX', num), sqlExpression: 'stale', label: 'SUM(num)', hasCustomLabel: false });
    expect(saved).toMatchObject({ expressionType: 'SIMPLE', sqlExpression: null, label: 'MAX(num)', hasCustomLabel: false });
  });

  it('keeps a custom label and drops the column of an SQL metric', () => {
    const saved = finaliseAdhocMetric({ expressionType: 'SQL', sqlExpression: 'SUM(num)', column: num, aggregate: 'SUM', label: ' Births ', hasCustomLabel: true });
    expect(saved).toMatchObject({ expressionType: 'SQL', column: null, aggregate: null, label: 'Births', hasCustomLabel: true });
  });
});

describe('sameMetric', () => {
  it('compares definitions and labels', () => {
    expect(sameMetric(simple('SUM', num), { ...simple('SUM', num), optionName: 'other' })).toBe(true);
    expect(sameMetric(simple('SUM', num), simple('AVG', num))).toBe(false);
    expect(sameMetric(simple('SUM', num), { ...simple('SUM', num), label: 'Total', hasCustomLabel: true })).toBe(false);
    expect(sameMetric('count', 'count')).toBe(true);
    expect(sameMetric('count', simple('SUM', num))).toBe(false);
  });
});

describe('metric labels, SQL and compatibility', () => {
  const dataset = { columns: [num, name], metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }] };

  it('shows a saved metric by its verbose name', () => {
    expect(metricDisplayLabel('count', dataset.metrics)).toBe('COUNT(*)');
    expect(metricDisplayLabel('gone', dataset.metrics)).toBe('gone');
  });

  it('writes the SQL a metric computes', () => {
    expect(metricSql('count', dataset.metrics)).toBe('COUNT(*)');
    expect(metricSql(simple('COUNT_DISTINCT', name), [])).toBe('COUNT(DISTINCT name)');
    expect(metricSql(simple('SUM', num), [])).toBe('SUM(num)');
  });

  it('flags metrics reading what the dataset lacks', () => {
    expect(isMetricIncompatible('count', dataset)).toBe(false);
    expect(isMetricIncompatible('gone', dataset)).toBe(true);
    expect(isMetricIncompatible(simple('SUM', { column_name: 'missing' }), dataset)).toBe(true);
    expect(isMetricIncompatible({ expressionType: 'SQL', sqlExpression: 'SUM(missing)' }, dataset)).toBe(false);
  });
});
