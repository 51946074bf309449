import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChartFilters } from './chart-filters';

describe('ChartFilters', () => {
  it('says which filters a chart took and which it refused, and why', () => {
    const html = renderToStaticMarkup(
      <ChartFilters title="Economies" report={{ applied: [{ id: 'a', name: 'Region' }], rejected: [{ id: 'b', name: 'Gender', reason: "column 'gender' is not in the chart's dataset" }] }} />,
    );
    expect(html).toContain('aria-label="Filters on Economies"');
    expect(html).toContain('1 applied, 1 not applied');
    expect(html).toContain('<li>Region</li>');
    expect(html).toContain('Gender: column &#x27;gender&#x27; is not in the chart&#x27;s dataset');
  });

  it('shows nothing for a chart no filter reaches', () => {
    expect(renderToStaticMarkup(<ChartFilters title="x" report={{ applied: [], rejected: [] }} />)).toBe('');
    expect(renderToStaticMarkup(<ChartFilters title="x" report={undefined} />)).toBe('');
  });
});
