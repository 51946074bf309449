import { TIMESERIES_ANNOTATION_TYPES, TIMESERIES_BEHAVIORS } from '../timeseries/plugin';
import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Scatter Plot',
  description:
    'Scatter Plot has the horizontal axis in linear units, and the points are connected in order. It shows a statistical relationship between two variables.',
  category: 'Evolution',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Transformable', 'Scatter', 'Featured'],
  thumbnail: '/viz-thumbnails/echarts_timeseries_scatter.svg',
  exampleGallery: [],
  behaviors: TIMESERIES_BEHAVIORS,
  canBeAnnotationTypes: TIMESERIES_ANNOTATION_TYPES,
};
export default metadata;
