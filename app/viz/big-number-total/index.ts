import type { FormData, VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import { transformProps, type BigNumberTotalModel } from './transform-props';
import { BigNumberTotalView } from './view';

const plugin: VizPlugin<FormData, BigNumberTotalModel> = {
  type: 'big_number_total',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  View: BigNumberTotalView,
};

export default plugin;
