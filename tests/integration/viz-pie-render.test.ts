/**
 * The pie chart drawn by the server's ECharts SVG renderer from its model: labels by label type,
 * the legend, a donut with its total, and an empty answer, each without an error.
 */
import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext, categoricalSchemes } from '~/lib/colors';
import { renderEChartsSvg } from '~/server/charts/render-svg.server';
import piePlugin from '~/viz/pie';
import type { PieFormData } from '~/viz/pie/types';
import type { EChartsModel, TransformInput } from '~/viz/types';

const datasource = { id: 1, type: 'table', name: 'cleaned_sales_data', columns: [], metrics: [], verboseMap: {} };

const answer: ChartDataResult = {
  data: [
    { product_line: 'Classic Cars', 'SUM(sales)': 3919615.66 },
    { product_line: 'Vintage Cars', 'SUM(sales)': 1903150.84 },
    { product_line: 'Motorcycles', 'SUM(sales)': 1166388.34 },
    { product_line: 'Trucks and Buses', 'SUM(sales)': 1127789.84 },
  ],
  colnames: ['product_line', 'SUM(sales)'],
  coltypes: [GenericDataType.STRING, GenericDataType.NUMERIC],
  rowcount: 4,
};

const metric = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'sales' }, label: 'SUM(sales)' };

function render(formData: Partial<PieFormData>, queriesData: ChartDataResult[] = [answer]): string {
  const input: TransformInput<PieFormData> = {
    formData: { viz_type: 'pie', datasource: '1__table', groupby: ['product_line'], metric, color_scheme: 'supersetColors', ...formData },
    queriesData,
    width: 700,
    height: 450,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  };
  return renderEChartsSvg(piePlugin.transformProps(input) as EChartsModel);
}

describe('pie renders to SVG on the server', () => {
  it('category labels, the legend and the scheme colours', () => {
    const svg = render({});
    expect(svg.startsWith('<svg')).toBe(true);
    for (const name of ['Classic Cars', 'Vintage Cars', 'Motorcycles', 'Trucks and Buses']) expect(svg).toContain(name);
    const first = categoricalSchemes.get('supersetColors').colors[0];
    expect(svg.toLowerCase()).toContain(first.toLowerCase());
    expect(svg).not.toContain('NaN');
  });

  it('value and percentage labels', () => {
    const svg = render({ label_type: 'key_value_percent', number_format: ',.0f' });
    // ECharts shortens an outside label that does not fit beside the pie ('…'); the start is there.
    expect(svg).toContain('Classic Cars: 3,919,616');
    expect(render({ label_type: 'key_value_percent', number_format: ',.0f', labels_outside: false, show_legend: false })).toContain('>Classic Cars: 3,919,616 (48.29%)<');
    const percents = render({ label_type: 'percent', show_legend: false });
    for (const p of ['48.29%', '23.45%', '14.37%', '13.89%']) expect(percents).toContain(`>${p}<`);
  });

  it('a template label', () => {
    expect(render({ label_type: 'template', label_template: '{name} = {value}', number_format: ',.1f', show_legend: false })).toContain('Motorcycles = 1,166,388.3');
  });

  it('a donut with the total', () => {
    const svg = render({ donut: true, innerRadius: 40, show_total: true, number_format: ',.0f' });
    expect(svg).toContain('Total: 8,116,945');
  });

  it('rose type, inside labels, legend at the bottom', () => {
    const svg = render({ roseType: 'radius', labels_outside: false, legendOrientation: 'bottom' });
    expect(svg).toContain('Classic Cars');
  });

  it('no rows: an empty chart without an error', () => {
    const svg = render({}, [{ data: [], colnames: ['product_line', 'SUM(sales)'], coltypes: [1, 0], rowcount: 0 }]);
    expect(svg.startsWith('<svg')).toBe(true);
  });
});
