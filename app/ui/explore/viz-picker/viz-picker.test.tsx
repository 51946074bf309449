/**
 * The chart-type control and the picker as the server renders them (the project has no DOM test
 * environment; clicks are covered by the end-to-end tests): which tiles show and which is pressed,
 * the dialog's parts, the details panel, and the search on the real registry.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { searchVizTypes } from '~/lib/explore/viz-search';
import type { VizMetadata } from '~/viz/types';
import { tileTypes, UNSUPPORTED_VIZ_MESSAGE, VizTypeControl } from '../viz-type-control';
import { registryEntries, TILE_VIZ_TYPES } from './viz-entries';
import { VizDetails, VizGallery } from './viz-gallery';
import { VizPickerContent } from './viz-picker-modal';

const noop = () => {};
/** The accessible names of the pressed and unpressed buttons, in order. */
function buttons(html: string): { name: string; pressed: boolean | null }[] {
  return [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(([, attrs, inner]) => {
    const label = /aria-label="([^"]*)"/.exec(attrs)?.[1];
    const text = inner.replace(/<[^>]+>/g, '').trim();
    const pressed = /aria-pressed="(true|false)"/.exec(attrs)?.[1];
    return { name: label ?? text, pressed: pressed === undefined ? null : pressed === 'true' };
  });
}

describe('VizTypeControl', () => {
  it('shows the six common types with the current one pressed, and View all charts', () => {
    const html = renderToStaticMarkup(<VizTypeControl value="pie" onChange={noop} />);
    const names = buttons(html);
    expect(names.slice(0, 6)).toEqual([
      { name: 'Line Chart', pressed: false },
      { name: 'Bar Chart', pressed: false },
      { name: 'Area Chart', pressed: false },
      { name: 'Table', pressed: false },
      { name: 'Big Number', pressed: false },
      { name: 'Pie Chart', pressed: true },
    ]);
    expect(names.at(-1)).toEqual({ name: 'View all charts', pressed: null });
    expect(html).not.toContain(UNSUPPORTED_VIZ_MESSAGE);
  });

  it('adds the current type when it is not among the common ones', () => {
    expect(tileTypes('heatmap_v2')).toEqual([...TILE_VIZ_TYPES, 'heatmap_v2']);
    const names = buttons(renderToStaticMarkup(<VizTypeControl value="heatmap_v2" onChange={noop} />));
    expect(names[6]).toEqual({ name: 'Heatmap', pressed: true });
    expect(names.filter((b) => b.pressed)).toHaveLength(1);
  });

  it('says an unknown type is not supported and presses no tile', () => {
    expect(tileTypes('word_cloud')).toEqual([...TILE_VIZ_TYPES]);
    const html = renderToStaticMarkup(<VizTypeControl value="word_cloud" onChange={noop} />);
    expect(html).toContain(UNSUPPORTED_VIZ_MESSAGE);
    expect(buttons(html).filter((b) => b.pressed)).toHaveLength(0);
  });
});

describe('VizGallery', () => {
  const entries = registryEntries();
  const html = renderToStaticMarkup(<VizGallery entries={entries} selected="pie" onSelect={noop} onConfirm={noop} />);

  it('has All charts and the three collapsible sections with the recommended tags and the sorted categories', () => {
    const names = buttons(html).map((b) => b.name);
    expect(names.slice(0, 5)).toEqual(['All charts', 'Recommended tags', 'Popular', 'ECharts', 'Advanced-Analytics']);
    expect(html).toMatch(/aria-expanded="true"[^>]*>.*?Recommended tags/);
    const categoryStart = names.indexOf('Category');
    const categories = names.slice(categoryStart + 1, names.indexOf('Tags'));
    expect(categories).toEqual(['Correlation', 'Evolution', 'KPI', 'Part of a Whole', 'Table', 'Other']);
    expect(buttons(html)[0]).toEqual({ name: 'All charts', pressed: true });
  });

  it('has the labelled search box and every registry type as a tile, the selected one pressed', () => {
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Search all charts<\/label><input id="\1" type="search"[^>]*placeholder="Search all charts"/);
    const tiles = [...html.matchAll(/data-viz-type="([^"]+)"/g)].map((m) => m[1]);
    expect(tiles).toEqual(entries.map((e) => e.key));
    expect(buttons(html)).toContainEqual({ name: 'Pie Chart', pressed: true });
    expect(buttons(html)).toContainEqual({ name: 'Bar Chart', pressed: false });
  });

  it('shows the selected type’s details', () => {
    expect(html).toMatch(/<h3[^>]*>Pie Chart<\/h3>/);
    expect(html).toContain('Nightingale');
    expect(html).toContain('The classic.');
  });
});

describe('the picker dialog', () => {
  it('opens on the current type with Cancel and an enabled Select', () => {
    const html = renderToStaticMarkup(<VizPickerContent value="echarts_area" onClose={noop} onChoose={noop} />);
    expect(buttons(html)).toContainEqual({ name: 'Area Chart', pressed: true });
    expect(html).toMatch(/<button(?:(?!disabled="")[^>])*>Select<\/button>/);
    expect(html).toContain('>Cancel</button>');
  });

  it('selects nothing for a type outside the registry, so Select is disabled', () => {
    const html = renderToStaticMarkup(<VizPickerContent value="word_cloud" onClose={noop} onChoose={noop} />);
    expect(buttons(html).filter((b) => b.pressed && b.name !== 'All charts')).toHaveLength(0);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Select<\/button>/);
    expect(html).toContain('Select a visualization type');
  });
});

describe('VizDetails', () => {
  const metadata: VizMetadata = {
    name: 'Old Bars',
    description: '',
    category: 'Evolution',
    tags: ['Bar'],
    thumbnail: null,
    exampleGallery: [{ url: '/x.png', caption: 'Bars by year' }],
    behaviors: [],
    label: 'DEPRECATED',
  };
  const html = renderToStaticMarkup(<VizDetails metadata={metadata} />);

  it('falls back to "No description available." and shows the examples under their header', () => {
    expect(html).toContain('No description available.');
    expect(html).toMatch(/<h4[^>]*>Examples<\/h4>/);
    expect(html).toContain('alt="Bars by year"');
  });

  it('shows the badge with its meaning as a tooltip', () => {
    expect(html).toContain('DEPRECATED');
    expect(html).toMatch(/role="tooltip"[^>]*>This chart type is no longer maintained/);
  });

  it('leaves out the Examples header when there are none', () => {
    expect(renderToStaticMarkup(<VizDetails metadata={{ ...metadata, exampleGallery: [] }} />)).not.toContain('Examples');
  });
});

describe('search on the registry', () => {
  const entries = registryEntries();
  it("ranks the pie first for 'pie' and finds the bar chart for 'bar'", () => {
    expect(searchVizTypes(entries, 'pie')[0].key).toBe('pie');
    expect(searchVizTypes(entries, 'bar')[0].key).toBe('echarts_timeseries_bar');
    expect(searchVizTypes(entries, 'heatmp')[0].key).toBe('heatmap_v2');
  });
});
