import { describe, expect, test } from 'vitest';
import type { ControlContext, VizDatasource } from '../types';
import { controlChoices, displayTimeRelatedControls, resolveControl, SHARED_CONTROLS, withControlDefaults } from './controls';
import * as sections from './sections';
import { legacyValidateInteger, legacyValidateNumber, runValidators, validateInteger, validateMaxValue, validateNonEmpty, validateNumber } from './validators';

const datasource: VizDatasource = {
  id: 1,
  type: 'table',
  name: 'birth_names',
  columns: [
    { column_name: 'ds', verbose_name: null, type: 'TIMESTAMP', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
    { column_name: 'gender', verbose_name: 'Gender', type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'num', verbose_name: null, type: 'BIGINT', type_generic: 0, is_dttm: false, groupby: false, filterable: false },
  ],
  metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', d3format: null, currency: null }],
  verboseMap: { gender: 'Gender', count: 'COUNT(*)' },
};
const context = (formData: Record<string, unknown> = {}): ControlContext => ({ formData: { viz_type: 'pie', ...formData }, datasource });

describe('validators (spec section 5 messages)', () => {
  test('validateNonEmpty', () => {
    for (const empty of [null, undefined, '', []]) expect(validateNonEmpty(empty, context())).toBe('cannot be empty');
    for (const ok of ['a', ['count'], 0, false, {}]) expect(validateNonEmpty(ok, context())).toBe(false);
  });
  test('legacyValidateInteger: empty passes, non-integers fail', () => {
    for (const ok of [undefined, null, '', 0, 10, '10', '-3']) expect(legacyValidateInteger(ok, context())).toBe(false);
    for (const bad of ['1.5', 'abc', 2.5, '10a']) expect(legacyValidateInteger(bad, context())).toBe('is expected to be an integer');
  });
  test('legacyValidateNumber', () => {
    for (const ok of [undefined, '', '1.5', 3, '-2e3']) expect(legacyValidateNumber(ok, context())).toBe(false);
    for (const bad of ['abc', '1,5']) expect(legacyValidateNumber(bad, context())).toBe('is expected to be a number');
  });
  test('strict integer and number', () => {
    expect(validateInteger('', context())).toBe('is expected to be an integer');
    expect(validateInteger(' 7 ', context())).toBe(false);
    expect(validateNumber('', context())).toBe('is expected to be a number');
    expect(validateNumber('0.5', context())).toBe(false);
    expect(validateNumber(Infinity, context())).toBe('is expected to be a number');
  });
  test('max value', () => {
    expect(validateMaxValue(100000)('100001', context())).toBe('Value cannot exceed 100000');
    expect(validateMaxValue(100000)(100000, context())).toBe(false);
  });
  test('row_limit runs the integer and max checks', () => {
    const { validators } = SHARED_CONTROLS.row_limit;
    expect(runValidators(validators, '12.5', context())).toEqual(['is expected to be an integer']);
    expect(runValidators(validators, 200000, context())).toEqual(['Value cannot exceed 100000']);
    expect(runValidators(validators, '1000', context())).toEqual([]);
    expect(runValidators(SHARED_CONTROLS.limit.validators, 'x', context())).toEqual(['is expected to be an integer']);
    expect(runValidators(SHARED_CONTROLS.metrics.validators, [], context())).toEqual(['cannot be empty']);
    expect(runValidators(SHARED_CONTROLS.metric.validators, null, context())).toEqual(['cannot be empty']);
    expect(runValidators(SHARED_CONTROLS.x_axis.validators, undefined, context())).toEqual(['cannot be empty']);
    expect(runValidators(SHARED_CONTROLS.entity.validators, '', context())).toEqual(['cannot be empty']);
  });
});

describe('shared controls', () => {
  test("Superset's labels and defaults", () => {
    expect(SHARED_CONTROLS.groupby).toMatchObject({ type: 'ColumnsControl', label: 'Dimensions', multi: true, default: [] });
    expect(SHARED_CONTROLS.metric).toMatchObject({ type: 'MetricControl', label: 'Metric', multi: false });
    expect(SHARED_CONTROLS.row_limit).toMatchObject({ label: 'Row limit', default: 10000, freeForm: true });
    expect(SHARED_CONTROLS.time_range).toMatchObject({ label: 'Time Range', default: 'No filter' });
    expect(SHARED_CONTROLS.color_scheme).toMatchObject({ label: 'Color Scheme', default: 'supersetColors', renderTrigger: true });
    expect(SHARED_CONTROLS.y_axis_format).toMatchObject({ label: 'Y Axis Format', default: 'SMART_NUMBER' });
    expect(SHARED_CONTROLS.show_legend).toMatchObject({ label: 'Show legend', default: true });
    expect(SHARED_CONTROLS.legendType).toMatchObject({ label: 'Type', default: 'scroll' });
    expect(SHARED_CONTROLS.legendOrientation).toMatchObject({ label: 'Orientation', default: 'top' });
    expect(SHARED_CONTROLS.order_desc).toMatchObject({ label: 'Sort Descending', default: true });
    expect(SHARED_CONTROLS.truncate_metric).toMatchObject({ label: 'Truncate Metric', default: true });
  });
  test('choices from the dataset', () => {
    expect(controlChoices(SHARED_CONTROLS.groupby, context())).toEqual([
      ['ds', 'ds'],
      ['gender', 'Gender'],
    ]);
    expect(controlChoices(SHARED_CONTROLS.metrics, context())).toEqual([['count', 'COUNT(*)']]);
    expect(controlChoices(SHARED_CONTROLS.granularity_sqla, context())).toEqual([['ds', 'ds']]);
    expect(controlChoices(SHARED_CONTROLS.y_axis_format, context({ comparison_type: 'percentage' })).every(([v]) => String(v).includes('%'))).toBe(true);
    expect(controlChoices(SHARED_CONTROLS.color_scheme, context())[0][0]).toBe('supersetColors');
  });
  test('visibility rules', () => {
    expect(SHARED_CONTROLS.legendType.visibility?.(context({ show_legend: false }))).toBe(false);
    expect(SHARED_CONTROLS.legendType.visibility?.(context({}))).toBe(true);
    expect(SHARED_CONTROLS.order_desc.visibility?.(context({ timeseries_limit_metric: 'count' }))).toBe(true);
    expect(SHARED_CONTROLS.order_desc.visibility?.(context({ timeseries_limit_metric: null }))).toBe(false);
    expect(displayTimeRelatedControls(context({ x_axis: 'ds' }))).toBe(true);
    expect(displayTimeRelatedControls(context({ x_axis: 'gender' }))).toBe(false);
    expect(displayTimeRelatedControls(context({ x_axis: { sqlExpression: 'x', label: 'x' } }))).toBe(true);
    expect(SHARED_CONTROLS.x_axis_sort.visibility?.(context({ x_axis: 'gender', metrics: ['count'], groupby: [] }))).toBe(true);
    expect(SHARED_CONTROLS.x_axis_sort.visibility?.(context({ x_axis: 'ds', metrics: ['count'] }))).toBe(false);
    expect(controlChoices(SHARED_CONTROLS.x_axis_sort, context({ x_axis: 'gender', metrics: ['count'] }))).toEqual([
      ['gender', 'Gender'],
      ['count', 'COUNT(*)'],
    ]);
  });
});

describe('resolveControl', () => {
  test('a shared control by name, with the override', () => {
    expect(resolveControl('row_limit')).toEqual({ name: 'row_limit', config: SHARED_CONTROLS.row_limit });
    const resolved = resolveControl('groupby', { groupby: { label: 'Group by', default: ['gender'] } });
    expect(resolved?.name).toBe('groupby');
    expect(resolved?.config).toMatchObject({ type: 'ColumnsControl', label: 'Group by', default: ['gender'], multi: true });
    // the shared config is not changed
    expect(SHARED_CONTROLS.groupby.label).toBe('Dimensions');
  });
  test('an inline control as it is; null and unknown names resolve to null', () => {
    const inline = { name: 'donut', config: { type: 'CheckboxControl' as const, label: 'Donut', default: false } };
    expect(resolveControl(inline, { donut: { label: 'ignored' } })).toEqual(inline);
    expect(resolveControl(null)).toBeNull();
    expect(resolveControl('no_such_control')).toBeNull();
  });
  test('every named item of the shared sections resolves', () => {
    const all = Object.values(sections).flatMap((value) => {
      if (typeof value === 'function') return [];
      if (Array.isArray(value)) return value.flat();
      return value.controlSetRows.flat();
    });
    for (const item of all) {
      if (item === null) continue;
      expect(resolveControl(item), typeof item === 'string' ? item : item.name).not.toBeNull();
    }
  });
});

describe('withControlDefaults', () => {
  test("fills the panel's controls that have no value with their defaults, keeping values (null included)", () => {
    const panel = {
      sections: [{ label: 'Query', controlSetRows: [['row_limit', 'show_legend'], [{ name: 'own', config: { type: 'TextControl' as const, label: 'Own', default: 'x' } }, null]] }],
      controlOverrides: { row_limit: { default: 25 } },
    };
    expect(withControlDefaults(panel, { viz_type: 't', show_legend: null })).toEqual({ viz_type: 't', show_legend: null, row_limit: 25, own: 'x' });
  });
});
