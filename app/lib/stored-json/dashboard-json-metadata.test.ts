import { describe, expect, it } from 'vitest';
import { crossFiltersEnabled, readDashboardJsonMetadata } from './dashboard-json-metadata';

describe('readDashboardJsonMetadata', () => {
  it('reads settings and native filters, keeping unknown keys', () => {
    const metadata = readDashboardJsonMetadata(JSON.stringify({
      color_scheme: 'supersetColors', label_colors: { boy: '#1f77b4' }, refresh_frequency: 300, filter_bar_orientation: 'HORIZONTAL',
      native_filter_configuration: [
        { id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: 'State', filterType: 'filter_select', targets: [{ datasetId: 3, column: { name: 'state' } }], scope: { rootPath: ['ROOT_ID'], excluded: [] } },
        { name: 'no id' },
      ],
      shared_label_colors: ['boy', 'girl'],
      some_future_key: { x: 1 },
    }));
    expect(metadata).toMatchObject({ color_scheme: 'supersetColors', label_colors: { boy: '#1f77b4' }, refresh_frequency: 300, filter_bar_orientation: 'HORIZONTAL', some_future_key: { x: 1 } });
    expect(metadata.native_filter_configuration?.map((f) => f.id)).toEqual(['NATIVE_FILTER-1']);
    expect(metadata.shared_label_colors).toEqual(['boy', 'girl']);
    expect(crossFiltersEnabled(metadata)).toBe(true);
  });

  it('takes the older object shape of shared_label_colors and drops keys of the wrong type', () => {
    const metadata = readDashboardJsonMetadata(JSON.stringify({ shared_label_colors: { boy: '#111' }, filter_bar_orientation: 'DIAGONAL', cross_filters_enabled: false, refresh_frequency: -5 }));
    expect(metadata.shared_label_colors).toEqual({ boy: '#111' });
    expect(metadata.filter_bar_orientation).toBeUndefined();
    expect(metadata.refresh_frequency).toBeUndefined();
    expect(crossFiltersEnabled(metadata)).toBe(false);
  });

  it('reads a missing or malformed value as {}', () => {
    for (const text of [null, '', '{]', '[]', '"x"']) expect(readDashboardJsonMetadata(text)).toEqual({});
  });
});
