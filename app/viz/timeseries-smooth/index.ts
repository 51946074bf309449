import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/** echarts_timeseries_smooth: smoothed lines, no stacking control (Superset's panel). */
export default createTimeseriesPlugin('echarts_timeseries_smooth', metadata, 'smooth', { seriesType: 'smooth' });
