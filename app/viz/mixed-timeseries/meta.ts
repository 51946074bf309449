import type { VizMetadata } from '../types';

export const metadata: VizMetadata = {
  name: 'Mixed Chart',
  description:
    'Visualize two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).',
  category: 'Evolution',
  tags: ['Advanced-Analytics', 'ECharts', 'Line', 'Multi-Variables', 'Time', 'Transformable', 'Featured'],
  thumbnail: '/viz-thumbnails/mixed_timeseries.svg',
  exampleGallery: [],
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  canBeAnnotationTypes: ['EVENT', 'FORMULA', 'INTERVAL', 'TIME_SERIES'],
};
