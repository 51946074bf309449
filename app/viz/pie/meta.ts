/** The pie chart's metadata (Superset's EchartsPieChartPlugin). */
import type { VizMetadata } from '../types';

export const pieMetadata: VizMetadata = {
  name: 'Pie Chart',
  description:
    'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex.\n\nPie charts can be difficult to interpret precisely. If clarity of relative proportion is important, consider using a bar or other chart type instead.',
  category: 'Part of a Whole',
  tags: ['Categorical', 'Circular', 'Comparison', 'Percentages', 'Featured', 'Proportional', 'ECharts', 'Nightingale'],
  thumbnail: '/viz-thumbnails/pie.svg',
  exampleGallery: [],
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  label: null,
};

export default pieMetadata;
