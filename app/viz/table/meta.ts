import type { VizMetadata } from '../types';

/** Superset's plugin-chart-table metadata. */
export const metadata: VizMetadata = {
  name: 'Table',
  description:
    'Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.',
  category: 'Table',
  tags: ['Additive', 'Business', 'Pattern', 'Featured', 'Report', 'Sequential', 'Tabular'],
  thumbnail: '/viz-thumbnails/table.svg',
  exampleGallery: [],
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  canBeAnnotationTypes: ['EVENT', 'INTERVAL'],
};
