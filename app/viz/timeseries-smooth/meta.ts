import { TIMESERIES_ANNOTATION_TYPES, TIMESERIES_BEHAVIORS } from '../timeseries/plugin';
import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Smooth Line',
  description:
    'Smooth-line is a variation of the line chart. Without angles and hard edges, Smooth-line sometimes looks smarter and more professional.',
  category: 'Evolution',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Line', 'Transformable'],
  thumbnail: '/viz-thumbnails/echarts_timeseries_smooth.svg',
  exampleGallery: [],
  behaviors: TIMESERIES_BEHAVIORS,
  canBeAnnotationTypes: TIMESERIES_ANNOTATION_TYPES,
};
export default metadata;
