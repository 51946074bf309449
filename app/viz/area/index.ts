import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/**
 * echarts_area: areas under the lines (Superset forces `area`); the series style (line, smooth,
 * step) is the chart's, stacking includes 'Expand' (shares of 100 %), the opacity slider is
 * always shown.
 */
export default createTimeseriesPlugin('echarts_area', metadata, 'area', { area: true });
