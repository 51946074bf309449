import { TIMESERIES_ANNOTATION_TYPES, TIMESERIES_BEHAVIORS } from '../timeseries/plugin';
import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Area Chart',
  description:
    'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
  category: 'Evolution',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Line', 'Transformable', 'Stacked', 'Featured'],
  thumbnail: '/viz-thumbnails/echarts_area.svg',
  exampleGallery: [],
  behaviors: TIMESERIES_BEHAVIORS,
  canBeAnnotationTypes: TIMESERIES_ANNOTATION_TYPES,
};
export default metadata;
