import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { FormData, VizDatasource } from '../types';
import { FILTER_BOX_SELECTION_KEY } from './fields';
import { transformProps } from './transform-props';
import { FilterBoxView, matchesSearch } from './view';

const datasource: VizDatasource = {
  id: 7,
  type: 'table',
  name: 'sales',
  columns: [{ column_name: 'ds', verbose_name: 'Day', type: 'DATE', type_generic: 2, is_dttm: true }],
  metrics: [],
  verboseMap: {},
};

function render(formData: Partial<FormData>, rows: Record<string, unknown>[][] = [[{ region: 'Asia' }, { region: 'Europe' }], [{ city: 'Lima' }]]) {
  const model = transformProps({
    formData: {
      viz_type: 'filter_box',
      slice_id: 12,
      filter_configs: [{ column: 'region', label: 'Region' }, { column: 'city', multiple: false }],
      ...formData,
    },
    queriesData: rows.map((data) => ({ data, colnames: Object.keys(data[0] ?? {}), coltypes: [GenericDataType.STRING], rowcount: data.length })),
    width: 300,
    height: 400,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  });
  return renderToStaticMarkup(<FilterBoxView model={model} />);
}

describe('FilterBoxView', () => {
  it('sends a marker field filter_box.<chartId> so an emptied box stays empty on the dashboard', () => {
    expect(render({})).toContain('<input type="hidden" name="filter_box.12" value="1"/>');
  });

  it('is a GET form of selects named filter_box.<chartId>.<column>, multiple where configured', () => {
    const html = render({});
    expect(html).toMatch(/^<form method="get" aria-label="Filter box"/);
    expect(html).toMatch(/<select[^>]*name="filter_box\.12\.region"[^>]*multiple=""/);
    expect(html).toMatch(/<select[^>]*name="filter_box\.12\.city"/);
    expect(html).not.toMatch(/<select[^>]*name="filter_box\.12\.city"[^>]*multiple/);
    expect(html).toContain('<option value="Europe">Europe</option>');
    expect(html).toContain('>Region</label>');
  });

  it("shows Superset's placeholder (search box, and the single select's empty choice) and hides the search box until hydrated", () => {
    const html = render({});
    expect(html).toMatch(/<input type="search" hidden=""[^>]*placeholder="Type or Select \[Region\]"/);
    expect(html).toMatch(/<option value=""( selected="")?>Type or Select \[city\]<\/option>/);
  });

  it('makes the empty choice of a required single select unselectable', () => {
    const html = render({ filter_configs: [{ column: 'city', multiple: false, clearable: false }] }, [[{ city: 'Lima' }]]);
    expect(html).toMatch(/<option value="" disabled=""[^>]*>Type or Select \[city\]<\/option>/);
  });

  it("says 'No results found' for a filter without choices", () => {
    const html = render({}, [[{ region: 'Asia' }], []]);
    expect(html).toContain('role="status"');
    expect(html.match(/No results found/g)).toHaveLength(1);
  });

  it('marks the chosen values selected', () => {
    const html = render({ [FILTER_BOX_SELECTION_KEY]: { region: ['Europe'], city: ['Lima'] } });
    expect(html).toContain('<option value="Europe" selected="">Europe</option>');
    expect(html).toContain('<option value="Lima" selected="">Lima</option>');
    expect(html).not.toContain('<option value="Asia" selected=""');
  });

  it("renders the Time Range select with its hint, and the time grain and column when asked", () => {
    const html = render({ show_sqla_time_granularity: true, show_sqla_time_column: true });
    expect(html).toContain('>Time Range</label>');
    expect(html).toMatch(/<select[^>]*name="filter_box\.12\.__time_range"[^>]*aria-describedby="[^"]+"/);
    expect(html).toContain('Select start and end date');
    expect(html).toContain('<option value="No filter" selected="">No filter</option>');
    expect(html).toMatch(/name="filter_box\.12\.__time_grain"/);
    expect(html).toContain('<option value="ds">Day</option>');
    expect(render({ date_filter: false })).not.toContain('Time Range');
  });

  it('shows an Apply button only when instant filtering is off (enabled in the server HTML so the form submits without JavaScript)', () => {
    const apply = render({ instant_filtering: false });
    expect(apply).toMatch(/<button type="submit"[^>]*>Apply<\/button>/);
    expect(apply).not.toMatch(/<button[^>]*\sdisabled=""/);
    expect(apply).not.toContain('<noscript>');
    const instant = render({ instant_filtering: true });
    expect(instant).toMatch(/<noscript><button type="submit"[^>]*>Apply<\/button><\/noscript>/);
  });

  it('matches search text anywhere in a choice, case-insensitively', () => {
    expect(matchesSearch('South Asia', 'asi')).toBe(true);
    expect(matchesSearch('Europe', 'asi')).toBe(false);
    expect(matchesSearch('Europe', '  ')).toBe(true);
  });
});
