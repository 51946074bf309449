import type { VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import transformProps from './transform-props';
import type { TableFormData, TableModel } from './types';
import TableView from './view';

const plugin: VizPlugin<TableFormData, TableModel> = {
  type: 'table',
  metadata,
  controlPanel,
  buildQuery: (formData) => buildQuery(formData),
  transformProps,
  View: TableView,
};

export default plugin;
