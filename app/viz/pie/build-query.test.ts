/** The pie's query contexts against those Superset's Pie buildQuery made for the example charts. */
import { describe, expect, test } from 'vitest';
import { supersetQueryFixtures, wire } from '../shared/testing/superset-fixtures';
import { buildQuery } from './build-query';
import { pieFormDataOverrides } from './control-panel';
import type { PieFormData } from './types';

const fixtures = supersetQueryFixtures('pie');

describe('pie buildQuery against Superset', () => {
  test('there are pie fixtures, one sorted by metric', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(9);
    expect(fixtures.some((f) => f.query_context.form_data.sort_by_metric)).toBe(true);
  });

  for (const fixture of fixtures) {
    test(fixture.file, () => {
      const formData = fixture.query_context.form_data as PieFormData;
      expect(wire(buildQuery(formData))).toEqual(wire(fixture.query_context));
      // A saved pie is not changed by the type's form data overrides.
      expect(pieFormDataOverrides(formData)).toBe(formData);
    });
  }

  test('sort by metric orders by the metric descending', () => {
    const context = buildQuery({ viz_type: 'pie', datasource: '5__table', metric: 'count', groupby: ['gender'], sort_by_metric: true });
    expect(context.queries[0].orderby).toEqual([['count', false]]);
    expect(buildQuery({ viz_type: 'pie', datasource: '5__table', metric: 'count', groupby: ['gender'] }).queries[0].orderby).toBeUndefined();
  });
});

describe('pie form data overrides (coming from another type)', () => {
  test('first metric, all dimensions, row limit at most 100', () => {
    expect(pieFormDataOverrides({ viz_type: 'pie', metrics: ['count', 'sum__num'], groupby: ['a'], columns: ['b'], row_limit: 10000 })).toMatchObject({
      metric: 'count',
      groupby: ['a', 'b'],
      row_limit: 100,
    });
    expect(pieFormDataOverrides({ viz_type: 'pie', metrics: ['count'], row_limit: 50 }).row_limit).toBe(50);
  });
});
