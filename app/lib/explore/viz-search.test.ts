import { describe, expect, it } from 'vitest';
import { entriesForSelector, searchVizTypes, vizCategories, vizTags, type VizPickerEntry } from './viz-search';

// The shape of the registry's entries (app/viz/*/meta.ts), a few of them, in registry order; the
// picker's own test runs the same search on the real registry.
const entry = (key: string, name: string, category: string | null, tags: string[], description = '', extra: Partial<VizPickerEntry['metadata']> = {}): VizPickerEntry => ({
  key,
  metadata: { name, category, tags, description, ...extra },
});
const ENTRIES: VizPickerEntry[] = [
  entry('table', 'Table', 'Table', ['Additive', 'Business', 'Pattern', 'Featured', 'Report', 'Sequential', 'Tabular'], 'Classic row-by-column spreadsheet like view of a dataset.'),
  entry('pie', 'Pie Chart', 'Part of a Whole', ['Categorical', 'Circular', 'Comparison', 'Percentages', 'Featured', 'Proportional', 'ECharts', 'Nightingale'], 'The classic. Pie charts can be difficult to interpret precisely; consider using a bar or other chart type instead.'),
  entry('echarts_timeseries_line', 'Line Chart', 'Evolution', ['ECharts', 'Predictive', 'Advanced-Analytics', 'Line', 'Featured'], 'Line chart is used to visualize measurements taken over a given category.'),
  entry('echarts_timeseries_bar', 'Bar Chart', 'Evolution', ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Transformable', 'Stacked', 'Bar', 'Featured'], 'Bar Charts are used to show metrics as a series of bars.'),
  entry('echarts_timeseries_smooth', 'Smooth Line', 'Evolution', ['ECharts', 'Predictive', 'Advanced-Analytics', 'Time', 'Line', 'Transformable'], 'Smooth-line is a variation of the line chart.'),
  entry('big_number_total', 'Big Number', 'KPI', ['Additive', 'Business', 'Legacy', 'Percentages', 'Featured', 'Report'], 'Showcases a single metric front-and-center.'),
  entry('legacy_bars', 'Bar Chart (legacy)', null, ['Bar'], 'Old bars.', { deprecated: true, label: 'DEPRECATED' }),
];
const keys = (entries: VizPickerEntry[]) => entries.map((e) => e.key);

describe('searchVizTypes', () => {
  it('gives every type in registry order for an empty or blank query', () => {
    expect(keys(searchVizTypes(ENTRIES, ''))).toEqual(keys(ENTRIES));
    expect(keys(searchVizTypes(ENTRIES, '   '))).toEqual(keys(ENTRIES));
  });

  it("puts the pie first for 'pie'", () => {
    expect(searchVizTypes(ENTRIES, 'pie')[0].key).toBe('pie');
  });

  it("finds the Bar Chart for 'bar', featured before deprecated", () => {
    const found = keys(searchVizTypes(ENTRIES, 'bar'));
    expect(found[0]).toBe('echarts_timeseries_bar');
    expect(found).toContain('legacy_bars');
    expect(found.at(-1)).toBe('legacy_bars');
  });

  it('tolerates a typo', () => {
    expect(searchVizTypes(ENTRIES, 'pie chrt')[0]?.key).toBe('pie');
    expect(searchVizTypes(ENTRIES, 'tabel')[0]?.key).toBe('table');
    expect(searchVizTypes(ENTRIES, 'big nuber')[0]?.key).toBe('big_number_total');
  });

  it('matches tags, and puts featured types before the others (Superset’s badge weights)', () => {
    const found = keys(searchVizTypes(ENTRIES, 'line'));
    expect(found).toContain('echarts_timeseries_smooth');
    expect(found.indexOf('echarts_timeseries_line')).toBeLessThan(found.indexOf('echarts_timeseries_smooth'));
  });

  it('finds nothing for a query unlike anything (threshold 0.3)', () => {
    expect(searchVizTypes(ENTRIES, 'zzqxw')).toEqual([]);
  });
});

describe('the sidebar', () => {
  it('lists categories alphabetically with Other last', () => {
    expect(vizCategories(ENTRIES)).toEqual(['Evolution', 'KPI', 'Part of a Whole', 'Table', 'Other']);
  });

  it('lists tags alphabetically without the recommended ones', () => {
    const tags = vizTags(ENTRIES);
    expect(tags).not.toContain('ECharts');
    expect(tags).not.toContain('Advanced-Analytics');
    expect(tags).toEqual([...tags].sort((a, b) => a.localeCompare(b)));
    expect(tags).toContain('Featured');
  });

  it('shows the types of a category, a tag, a recommended tag, or all', () => {
    expect(keys(entriesForSelector(ENTRIES, { kind: 'all' }))).toEqual(keys(ENTRIES));
    expect(keys(entriesForSelector(ENTRIES, { kind: 'category', category: 'Other' }))).toEqual(['legacy_bars']);
    expect(keys(entriesForSelector(ENTRIES, { kind: 'tag', tag: 'Bar' }))).toEqual(['echarts_timeseries_bar', 'legacy_bars']);
    expect(keys(entriesForSelector(ENTRIES, { kind: 'recommended', tag: 'Advanced-Analytics' }))).toEqual(['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_timeseries_smooth']);
    expect(keys(entriesForSelector(ENTRIES, { kind: 'recommended', tag: 'Popular' }))).toEqual(['table', 'pie', 'echarts_timeseries_line', 'echarts_timeseries_bar', 'big_number_total']);
  });
});
