/** The cross-filter chips as the page renders them. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FilterBarCrossFilter } from './contract';
import { CrossFilterList } from './cross-filter-list';

const europe: FilterBarCrossFilter = { chartId: 7, chartName: 'Population by Region (2014)', selection: { region: ['Europe'] }, label: 'Europe', removeParam: '()' };
const asia: FilterBarCrossFilter = { chartId: 9, chartName: 'Regions', selection: { region: ['Asia', 'Europe'] }, label: 'Asia, Europe', removeParam: "(NATIVE_FILTER-1:(id:NATIVE_FILTER-1))" };

describe('the cross-filters in the filter bar', () => {
  it('shows each as "{chart}: {label}" with a remove button named after the chart', () => {
    const out = renderToStaticMarkup(<CrossFilterList crossFilters={[europe, asia]} onRemove={() => undefined} />);
    expect(out).toContain('aria-label="Cross-filters"');
    expect(out).toContain('<span class="font-medium">Population by Region (2014)</span>: Europe');
    expect(out).toContain('title="Regions: Asia, Europe"');
    expect(out).toContain('<button type="button" aria-label="Remove cross-filter Population by Region (2014)"');
    expect(out).toContain('aria-label="Remove cross-filter Regions"');
  });

  it('has no remove button before hydration, and renders nothing without cross-filters', () => {
    expect(renderToStaticMarkup(<CrossFilterList crossFilters={[europe]} />)).not.toContain('<button');
    expect(renderToStaticMarkup(<CrossFilterList crossFilters={[]} onRemove={() => undefined} />)).toBe('');
  });

  it('before hydration, removes with a link to the page with the rest of the data mask and the carried parameters', () => {
    const out = renderToStaticMarkup(<CrossFilterList crossFilters={[asia]} pathname="/superset/dashboard/3/"
      keep={[['standalone', '1'], ['native_filters_key', 'abc'], ['nf', '1'], ['nf.NATIVE_FILTER-1', 'Europe'], ['native_filters', '(9:())'], ['tab', 'TAB-1']]} />);
    expect(out).not.toContain('<button');
    const href = /<a href="([^"]*)" aria-label="Remove cross-filter Regions"/.exec(out)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    const url = new URL(href!, 'http://x');
    expect(url.pathname).toBe('/superset/dashboard/3/');
    expect([...url.searchParams]).toEqual([['standalone', '1'], ['tab', 'TAB-1'], ['native_filters', '(NATIVE_FILTER-1:(id:NATIVE_FILTER-1))']]);
  });

  it('calls onRemove with the chart’s id', () => {
    const removed: number[] = [];
    const element = CrossFilterList({ crossFilters: [asia], onRemove: (id) => removed.push(id) });
    // The chip's button, found in the element tree (no DOM here).
    const find = (node: unknown): { props: { onClick?: () => void; 'aria-label'?: string } } | null => {
      if (!node || typeof node !== 'object') return null;
      const el = node as { props?: { children?: unknown; 'aria-label'?: string } };
      if (el.props?.['aria-label'] === 'Remove cross-filter Regions') return el as never;
      const children = el.props?.children;
      for (const child of Array.isArray(children) ? children.flat() : [children]) {
        const hit = find(child);
        if (hit) return hit;
      }
      return null;
    };
    find(element)?.props.onClick?.();
    expect(removed).toEqual([9]);
  });
});
