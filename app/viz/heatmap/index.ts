import type { EChartsModel, FormData, VizPlugin } from '../types';
import { buildQuery } from './build-query';
import { controlPanel } from './control-panel';
import { metadata } from './meta';
import { transformProps } from './transform-props';

const plugin: VizPlugin<FormData, EChartsModel> = { type: 'heatmap_v2', metadata, controlPanel, buildQuery, transformProps };

export default plugin;
