import { describe, expect, it } from 'vitest';
import { resolveControl } from '../shared/controls';
import type { ControlContext, VizDatasource } from '../types';
import { timeseriesControlPanel } from './control-panel';

const datasource: VizDatasource = {
  id: 1, type: 'table', name: 'birth_names', verboseMap: {}, metrics: [],
  columns: [
    { column_name: 'ds', verbose_name: null, type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'state', verbose_name: null, type: 'TEXT', type_generic: 1, is_dttm: false },
  ],
};
const context = (formData: Record<string, unknown>): ControlContext => ({ formData: { viz_type: 'echarts_timeseries_line', ...formData }, datasource });

describe('the time-series control panel', () => {
  const panel = timeseriesControlPanel('line');
  const analytics = panel.sections.find((s) => s.label === 'Advanced analytics')!;
  const control = (name: string) => analytics.controlSetRows.flat().map((item) => resolveControl(item)).find((c) => c?.name === name)!;

  it("shows advanced analytics for a temporal x-axis only, each control under its own rule too", () => {
    expect(control('rolling_type').config.visibility!(context({ x_axis: 'ds' }))).toBe(true);
    expect(control('rolling_type').config.visibility!(context({ x_axis: 'state' }))).toBe(false);
    expect(control('rolling_periods').config.visibility!(context({ x_axis: 'ds' }))).toBe(false);
    expect(control('rolling_periods').config.visibility!(context({ x_axis: 'ds', rolling_type: 'mean' }))).toBe(true);
    expect(control('rolling_periods').config.visibility!(context({ x_axis: 'state', rolling_type: 'mean' }))).toBe(false);
  });

  it("has Superset's analytics controls with their labels", () => {
    expect(analytics.controlSetRows.flat().map((item) => resolveControl(item)?.name)).toEqual(['rolling_type', 'rolling_periods', 'min_periods', 'time_compare', 'comparison_type', 'resample_rule', 'resample_method']);
    expect(control('resample_method').config.label).toBe('Fill method');
  });
});
