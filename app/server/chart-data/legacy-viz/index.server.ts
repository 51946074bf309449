/**
 * The legacy viz types `/superset/explore_json/` answers in their own payload shape (Superset's
 * viz.py get_data), by viz type. Any other type keeps BaseViz's answer: the rows as records.
 */
import { CAL_HEATMAP } from './cal-heatmap.server';
import { CHORD } from './chord.server';
import type { Json, LegacyViz } from './common.server';
import { AREA, BAR, COMPARE, HORIZON, LINE, ROSE } from './nvd3-time-series.server';
import { BUBBLE, BULLET, COUNTRY_MAP, DIRECTED_FORCE, PAIRED_TTEST, SANKEY, TIME_TABLE } from './simple-vizzes.server';
import { WORLD_MAP } from './world-map.server';

export type { LegacyViz, LegacyVizContext } from './common.server';
export { formMetrics, LegacyVizError } from './common.server';

const REGISTRY: Readonly<Record<string, LegacyViz>> = {
  world_map: WORLD_MAP,
  chord: CHORD,
  horizon: HORIZON,
  line: LINE,
  bar: BAR,
  area: AREA,
  compare: COMPARE,
  rose: ROSE,
  cal_heatmap: CAL_HEATMAP,
  country_map: COUNTRY_MAP,
  bubble: BUBBLE,
  bullet: BULLET,
  sankey: SANKEY,
  directed_force: DIRECTED_FORCE,
  paired_ttest: PAIRED_TTEST,
  time_table: TIME_TABLE,
};

export const LEGACY_VIZ_TYPES = Object.keys(REGISTRY);

export function legacyVizFor(vizType: unknown): LegacyViz | null {
  return typeof vizType === 'string' && Object.hasOwn(REGISTRY, vizType) ? REGISTRY[vizType] : null;
}

export function isTimeseriesViz(viz: LegacyViz, formData: Json): boolean {
  return typeof viz.isTimeseries === 'function' ? viz.isTimeseries(formData) : viz.isTimeseries === true;
}
