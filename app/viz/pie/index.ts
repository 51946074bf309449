/** The pie chart (viz_type 'pie'). */
import type { VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { pieControlPanel } from './control-panel';
import { pieMetadata } from './meta';
import { transformProps } from './transform-props';
import type { PieFormData } from './types';

const piePlugin: VizPlugin<PieFormData> = {
  type: 'pie',
  metadata: pieMetadata,
  controlPanel: pieControlPanel,
  buildQuery,
  transformProps,
};

export default piePlugin;
