import { TIMESERIES_ANNOTATION_TYPES, TIMESERIES_BEHAVIORS } from '../timeseries/plugin';
import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Stepped Line',
  description:
    'Stepped-line graph (also called step chart) is a variation of line chart but with the line forming a series of steps between data points. A step chart can be useful when you want to show the changes that occur at irregular intervals.',
  category: 'Evolution',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Transformable', 'Stacked'],
  thumbnail: '/viz-thumbnails/echarts_timeseries_step.svg',
  exampleGallery: [],
  behaviors: TIMESERIES_BEHAVIORS,
  canBeAnnotationTypes: TIMESERIES_ANNOTATION_TYPES,
};
export default metadata;
