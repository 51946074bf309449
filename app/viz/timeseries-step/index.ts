import { createTimeseriesPlugin } from '../timeseries/plugin';
import { metadata } from './meta';

/**
 * echarts_timeseries_step: the step type is the chart's 'Step type' control (start, middle, end;
 * 'start' when unset, the control's default; Superset passes the form data through unchanged).
 */
export default createTimeseriesPlugin('echarts_timeseries_step', metadata, 'step', { defaultSeriesType: 'start' });
