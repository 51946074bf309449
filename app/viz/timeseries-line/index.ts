import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/** echarts_timeseries_line: straight lines (Superset forces the line style). */
export default createTimeseriesPlugin('echarts_timeseries_line', metadata, 'line', { seriesType: 'line' });
