import type { FormData, VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import { transformProps, type BigNumberModel } from './transform-props';
import { BigNumberView } from './view';

const plugin: VizPlugin<FormData, BigNumberModel> = {
  type: 'big_number',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  View: BigNumberView,
};

export default plugin;
