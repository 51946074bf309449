import type { VizMetadata } from '../types';

/**
 * The legacy filter box: kept so dashboards imported from old Superset versions keep working.
 * Deprecated (native filters replace it), so the picker marks it and lists it under Other.
 */
export const metadata: VizMetadata = {
  name: 'Filter box',
  description:
    'A legacy chart that holds dropdowns of a dataset’s values (and optionally a time range, time grain and time column) to filter the other charts of its dashboard. Deprecated: use native filters for new dashboards.',
  category: 'Other',
  tags: ['Legacy', 'Deprecated'],
  thumbnail: null,
  exampleGallery: [],
  behaviors: [],
  label: 'DEPRECATED',
  deprecated: true,
};
