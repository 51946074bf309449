import type { FormData, VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import { transformProps, type FilterBoxModel } from './transform-props';
import { FilterBoxView } from './view';

const plugin: VizPlugin<FormData, FilterBoxModel> = {
  type: 'filter_box',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  View: FilterBoxView,
};

export default plugin;
