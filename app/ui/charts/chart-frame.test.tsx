/** The frame's cross-filter marks: the figure's marker text, the table's clickable cells, a treemap click's path. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import transformProps from '~/viz/table/transform-props';
import TableView from '~/viz/table/view';
import type { HtmlViews } from './chart-frame';
import { ChartFrame, crossFilterMarker, toPointEvent, type FramedChart } from './chart-frame';

const datasource = { id: 1, type: 'table', name: 'wb', columns: [], metrics: [], verboseMap: {} };
const formData = { viz_type: 'table', query_mode: 'aggregate' as const, groupby: ['region'], metrics: ['pop'] };
const queriesData = [{ data: [{ region: 'Europe', pop: 3 }, { region: 'Asia', pop: 5 }], colnames: ['region', 'pop'], coltypes: [GenericDataType.STRING, GenericDataType.NUMERIC], rowcount: 2 }];
const model = transformProps({ formData, queriesData, width: 400, height: 300, datasource, colors: createColorContext(), theme: 'light' });
const chart: FramedChart = { vizType: 'table', formData, queriesData, datasource, model: { kind: 'html', props: model.props as unknown as Record<string, unknown>, width: 400, height: 300 } };
const views: HtmlViews = { table: TableView as unknown as HtmlViews[string] };

describe('the chart frame and cross-filters', () => {
  it('names the selection in force as text', () => {
    expect(crossFilterMarker({ region: ['Europe', null], year: [2014] })).toBe('region=Europe,<NULL>; year=2014');
    expect(crossFilterMarker(null)).toBe('');
  });

  it('marks the figure and the table’s selected cell, and makes the dimension cells buttons', () => {
    const out = renderToStaticMarkup(<ChartFrame chart={chart} height={300} htmlViews={views} label="Table" crossFilterSelection={{ region: ['Asia'] }} onCrossFilter={() => undefined} />);
    expect(out).toContain('data-cross-filter="region=Asia"');
    expect(out).toMatch(/aria-pressed="true"[^>]*>Asia<\/button>/);
    expect(out).toMatch(/aria-pressed="false"[^>]*>Europe<\/button>/);
  });

  it('draws a plain table, with no marker, when the page does not cross-filter', () => {
    const out = renderToStaticMarkup(<ChartFrame chart={chart} height={300} htmlViews={views} label="Table" />);
    expect(out).not.toContain('data-cross-filter');
    expect(out).not.toContain('aria-pressed');
  });

  it('carries a treemap node’s path in a click', () => {
    const event = toPointEvent('click', { componentType: 'series', name: 'Asia', treePathInfo: [{ name: 'pop' }, { name: 'Asia' }] }, null);
    expect(event.treePathInfo).toEqual([{ name: 'pop' }, { name: 'Asia' }]);
  });
});
