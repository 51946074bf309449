/**
 * A type of the time-series family: the shared buildQuery and transformProps with the type's
 * series style forced where Superset forces it (line, bar, scatter, smooth; area draws areas;
 * step keeps the step type its control chose), and the type's control panel.
 */
import type { FormData, VizMetadata, VizPlugin } from '../types';
import buildQuery from './build-query';
import { timeseriesControlPanel, type TimeseriesVariant } from './control-panel';
import transformProps from './transform-props';
import type { SeriesType } from './types';

export function createTimeseriesPlugin(
  type: string,
  metadata: VizMetadata,
  variant: TimeseriesVariant,
  overrides: { seriesType?: SeriesType; area?: boolean; defaultSeriesType?: SeriesType } = {},
): VizPlugin {
  return {
    type,
    metadata,
    controlPanel: timeseriesControlPanel(variant),
    buildQuery,
    transformProps: (input) => {
      const formData: FormData = { ...input.formData };
      if (overrides.seriesType) formData.seriesType = overrides.seriesType;
      else if (overrides.defaultSeriesType && formData.seriesType === undefined) formData.seriesType = overrides.defaultSeriesType;
      if (overrides.area) formData.area = true;
      return transformProps({ ...input, formData });
    },
  };
}

export const TIMESERIES_BEHAVIORS: VizMetadata['behaviors'] = ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'];
export const TIMESERIES_ANNOTATION_TYPES: VizMetadata['canBeAnnotationTypes'] = ['EVENT', 'FORMULA', 'INTERVAL', 'TIME_SERIES'];
