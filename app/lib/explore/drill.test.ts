import { describe, expect, it } from 'vitest';
import {
  drillByColumns,
  drillByQueryContext,
  drillDetailPayload,
  drillFiltersForPoint,
  grainBucket,
  samplesUrl,
  seriesGroupValues,
  timeBucketFilter,
  type DrillChart,
} from './drill';

const Y2008 = Date.UTC(2008, 0, 1);
const lineChart = (formData: Record<string, unknown> = {}): DrillChart => ({
  vizType: 'echarts_timeseries_line',
  formData: { x_axis: 'ds', time_grain_sqla: 'P3M', metrics: ['count'], groupby: ['gender'], ...formData },
  result: { colnames: ['ds', 'boy', 'girl'], coltypes: [2, 0, 0] },
});

describe('grain buckets', () => {
  it('spans one quarter, month, year and day from the bucket start', () => {
    expect(grainBucket(Y2008, 'P3M')).toEqual([Y2008, Date.UTC(2008, 3, 1)]);
    expect(grainBucket(Date.UTC(2008, 0, 31), 'P1M')).toEqual([Date.UTC(2008, 0, 31), Date.UTC(2008, 1, 31)]);
    expect(grainBucket(Y2008, 'P1Y')).toEqual([Y2008, Date.UTC(2009, 0, 1)]);
    expect(grainBucket(Y2008, 'P1D')).toEqual([Y2008, Date.UTC(2008, 0, 2)]);
    expect(grainBucket(Y2008, 'PT1H')).toEqual([Y2008, Y2008 + 3_600_000]);
  });

  it('reaches six days back for a week labelled by its last day', () => {
    const saturday = Date.UTC(2008, 0, 5);
    expect(grainBucket(saturday, 'P1W/1970-01-03T00:00:00Z')).toEqual([Date.UTC(2007, 11, 30), Date.UTC(2008, 0, 6)]);
  });

  it('knows no bucket for an unknown grain', () => {
    expect(grainBucket(Y2008, 'P2Q')).toBeNull();
  });

  it('makes a TEMPORAL_RANGE over the bucket, or an equality without a grain', () => {
    expect(timeBucketFilter('ds', Y2008, 'P3M')).toEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: '2008-01-01T00:00:00 : 2008-04-01T00:00:00', formattedVal: '2008-01-01T00:00:00' });
    expect(timeBucketFilter('ds', Y2008, null)).toEqual({ col: 'ds', op: '==', val: Y2008, formattedVal: '2008-01-01T00:00:00' });
  });
});

describe('series names to group-by values', () => {
  it('takes the whole name for one group-by column and one metric, commas included', () => {
    expect(seriesGroupValues('boy', ['gender'], ['count'])).toEqual(['boy']);
    expect(seriesGroupValues('Smith, Jr.', ['name'], ['count'])).toEqual(['Smith, Jr.']);
  });

  it('drops the metric of a multi-metric series, by its name or its verbose name', () => {
    expect(seriesGroupValues('count, boy', ['gender'], ['count', 'sum__num'])).toEqual(['boy']);
    expect(seriesGroupValues('Births, girl', ['gender'], ['count', 'sum__num'], { verboseMap: { sum__num: 'Births' } })).toEqual(['girl']);
  });

  it('splits several group-by values and refuses names that do not split evenly', () => {
    expect(seriesGroupValues('boy, CA', ['gender', 'state'], ['count'])).toEqual(['boy', 'CA']);
    expect(seriesGroupValues('boy', ['gender', 'state'], ['count'])).toBeNull();
  });

  it('ignores a time-shift suffix', () => {
    expect(seriesGroupValues('boy__1 year ago', ['gender'], ['count'], { timeCompare: ['1 year ago'] })).toEqual(['boy']);
  });
});

describe('filters for a clicked point', () => {
  it('turns a time-series point into its quarter and its series group', () => {
    const filters = drillFiltersForPoint({ componentType: 'series', seriesName: 'boy', data: [Y2008, 42] }, lineChart());
    expect(filters).toEqual([
      { col: 'ds', op: 'TEMPORAL_RANGE', val: '2008-01-01T00:00:00 : 2008-04-01T00:00:00', formattedVal: '2008-01-01T00:00:00' },
      { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
    ]);
  });

  it('reads the time from the second place of a horizontal bar and maps __timestamp to the time column', () => {
    const chart: DrillChart = {
      vizType: 'echarts_timeseries_bar',
      formData: { granularity_sqla: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], groupby: [], orientation: 'horizontal' },
      result: { colnames: ['__timestamp', 'count'], coltypes: [2, 0] },
    };
    expect(drillFiltersForPoint({ componentType: 'series', seriesName: 'count', data: [7, Y2008] }, chart)).toEqual([
      { col: 'ds', op: 'TEMPORAL_RANGE', val: '2008-01-01T00:00:00 : 2009-01-01T00:00:00', formattedVal: '2008-01-01T00:00:00' },
    ]);
  });

  it('filters a categorical x-axis by equality', () => {
    const chart = lineChart({ x_axis: 'state', groupby: [] });
    chart.result = { colnames: ['state', 'count'], coltypes: [1, 0] };
    expect(drillFiltersForPoint({ componentType: 'series', seriesName: 'count', data: ['CA', 3] }, chart)).toEqual([{ col: 'state', op: '==', val: 'CA', formattedVal: 'CA' }]);
  });

  it('does not drill a click outside the series (an annotation, an axis label)', () => {
    expect(drillFiltersForPoint({ componentType: 'markLine', seriesName: 'boy', data: [Y2008, 1] }, lineChart())).toEqual([]);
  });

  it('turns a pie slice into its group-by values through the label map', () => {
    const chart: DrillChart = { vizType: 'pie', formData: { groupby: ['gender', 'state'], metric: 'count' }, labelMap: { 'boy, CA': ['boy', 'CA'] } };
    expect(drillFiltersForPoint({ componentType: 'series', name: 'boy, CA', value: 10 }, chart)).toEqual([
      { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
      { col: 'state', op: '==', val: 'CA', formattedVal: 'CA' },
    ]);
    const single: DrillChart = { vizType: 'pie', formData: { groupby: ['gender'], metric: 'count' } };
    expect(drillFiltersForPoint({ name: 'girl' }, single)).toEqual([{ col: 'gender', op: '==', val: 'girl', formattedVal: 'girl' }]);
  });

  it('has no point filters for chart types it does not understand', () => {
    expect(drillFiltersForPoint({ name: 'x' }, { vizType: 'treemap_v2', formData: {} })).toEqual([]);
  });
});

describe('drill requests', () => {
  const base = { filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }], extras: { where: "state = 'CA'", having: 'SUM(num) > 10', time_grain_sqla: 'P1Y' }, time_range: 'No filter' };
  const point = [{ col: 'gender', op: '==' as const, val: 'boy', formattedVal: 'boy' }];

  it('posts the chart filters, its WHERE and the point filters to samples, without HAVING', () => {
    expect(drillDetailPayload(base, point)).toEqual({
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }, { col: 'gender', op: '==', val: 'boy' }],
      time_range: 'No filter',
      extras: { where: "state = 'CA'" },
    });
    expect(drillDetailPayload(null, [])).toEqual({ filters: [] });
    expect(samplesUrl({ id: 3, type: 'table' }, 2, 50)).toBe('/datasource/samples?datasource_type=table&datasource_id=3&per_page=50&page=2');
  });

  it('groups the chart metric by the chosen column under the same filters', () => {
    const context = drillByQueryContext({ id: 3, type: 'table' }, base, { metric: 'count' }, 'state', point);
    expect(context.queries[0]).toMatchObject({ columns: ['state'], metrics: ['count'], orderby: [['count', false]], extras: { where: "state = 'CA'", having: 'SUM(num) > 10' } });
    expect(context.queries[0].filters).toHaveLength(2);
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
  });

  it('offers groupable columns not already fixed by the point', () => {
    const columns = [{ column_name: 'gender', groupby: true }, { column_name: 'state', groupby: true }, { column_name: 'num', groupby: false }];
    expect(drillByColumns(columns, point).map((c) => c.column_name)).toEqual(['state']);
  });
});
