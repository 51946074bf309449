import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import { transformProps } from './transform-props';
import { BigNumberView } from './view';

const model = (formData: Record<string, unknown>) =>
  transformProps({
    formData: { viz_type: 'big_number', x_axis: 'ds', metric: 'count', ...formData },
    queriesData: [
      {
        data: [
          { ds: 1, count: 10 },
          { ds: 2, count: 12 },
        ],
        colnames: ['ds', 'count'],
        coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC],
        rowcount: 2,
      },
    ],
    width: 400,
    height: 200,
    datasource: { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} },
    colors: createColorContext(),
    theme: 'light',
  });

describe('BigNumberView', () => {
  it('renders the number, the coloured change and a trendline placeholder of the trendline size', () => {
    const html = renderToStaticMarkup(<BigNumberView model={model({ compare_lag: 1, compare_suffix: 'over last period' })} />);
    expect(html).toContain('>12<');
    expect(html).toMatch(/class="subheader-line[^"]*text-emerald-600[^"]*"[^>]*>\+20\.0% over last period</);
    expect(html).toMatch(/<div data-trendline="" class="[^"]*" style="width:400px;height:60px"><\/div>/);
  });

  it('puts the trendline the server drew into its box', () => {
    const base = model({});
    const html = renderToStaticMarkup(<BigNumberView model={{ ...base, props: { ...base.props, trendlineSvg: '<svg id="drawn"></svg>' } }} />);
    expect(html).toMatch(/<div data-trendline="" [^>]*><svg id="drawn"><\/svg><\/div>/);
  });

  it('renders no placeholder when the trendline is hidden', () => {
    const html = renderToStaticMarkup(<BigNumberView model={model({ show_trend_line: false })} />);
    expect(html).not.toContain('data-trendline');
    expect(html).toContain('>12<');
  });
});
