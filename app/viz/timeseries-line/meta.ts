import { TIMESERIES_ANNOTATION_TYPES, TIMESERIES_BEHAVIORS } from '../timeseries/plugin';
import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Line Chart',
  description:
    'Line chart is used to visualize measurements taken over a given category. Line chart is a type of chart which displays information as a series of data points connected by straight line segments. It is a basic type of chart common in many fields.',
  category: 'Evolution',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Line', 'Featured'],
  thumbnail: '/viz-thumbnails/echarts_timeseries_line.svg',
  exampleGallery: [],
  behaviors: TIMESERIES_BEHAVIORS,
  canBeAnnotationTypes: TIMESERIES_ANNOTATION_TYPES,
};
export default metadata;
