import type { VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import transformProps from './transform-props';
import type { PivotTableFormData, PivotTableModel } from './types';
import PivotTableView from './view';

const plugin: VizPlugin<PivotTableFormData, PivotTableModel> = {
  type: 'pivot_table_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  View: PivotTableView,
};

export default plugin;
