import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/** echarts_timeseries_bar: bars, vertical or horizontal (the panel's 'Bar orientation'). */
export default createTimeseriesPlugin('echarts_timeseries_bar', metadata, 'bar', { seriesType: 'bar' });
