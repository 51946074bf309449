import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/** echarts_timeseries_scatter: points only (markers up to 100 px). */
export default createTimeseriesPlugin('echarts_timeseries_scatter', metadata, 'scatter', { seriesType: 'scatter' });
