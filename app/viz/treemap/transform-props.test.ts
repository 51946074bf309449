import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { FormData, TransformInput } from '../types';
import { transformProps } from './transform-props';

const data = [
  { year: Date.UTC(2003, 0, 1), product_line: 'Cars', count: 60 },
  { year: Date.UTC(2003, 0, 1), product_line: 'Ships', count: 20 },
  { year: Date.UTC(2004, 0, 1), product_line: 'Cars', count: 20 },
];

function input(formData: Partial<FormData>, colors = createColorContext()): TransformInput {
  return {
    formData: { viz_type: 'treemap_v2', groupby: ['year', 'product_line'], metric: 'count', color_scheme: 'supersetColors', date_format: '%Y', ...formData },
    queriesData: [{ data, colnames: ['year', 'product_line', 'count'], coltypes: [GenericDataType.TEMPORAL, GenericDataType.STRING, GenericDataType.NUMERIC], rowcount: 3 }],
    width: 500,
    height: 400,
    datasource: { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} },
    colors,
    theme: 'light',
  };
}

type Item = { name: string; value: number; itemStyle: Record<string, unknown>; children?: Item[] };
type Series = { data: Item[]; label: { show: boolean; formatter: (p: unknown) => string }; upperLabel: { show: boolean } };
const seriesOf = (fd: Partial<FormData>, colors?: ReturnType<typeof createColorContext>) =>
  ((transformProps(input(fd, colors)).option as { series: Series[] }).series[0]);

describe('treemap_v2 transformProps', () => {
  it('nests the rows by the groupby columns under the metric, parents summing their children', () => {
    const [root] = seriesOf({}).data;
    expect(root.name).toBe('count');
    expect(root.value).toBe(100);
    expect(root.children?.map((c) => [c.name, c.value])).toEqual([
      ['2003', 80],
      ['2004', 20],
    ]);
    expect(root.children?.[0].children?.map((c) => [c.name, c.value])).toEqual([
      ['Cars', 60],
      ['Ships', 20],
    ]);
  });

  it('colours top-level groups by label from the colour context; the rest inherit', () => {
    const colors = createColorContext();
    const [root] = seriesOf({}, colors).data;
    const scale = colors.getScale('supersetColors');
    expect(root.children?.[0].itemStyle.color).toBe(scale('2003'));
    expect(root.children?.[1].itemStyle.color).toBe(scale('2004'));
    expect(root.children?.[0].children?.[0].itemStyle.color).toBeUndefined();
    // Superset colours the root (the metric) first, so the first group has the scheme's second colour.
    expect(root.children?.[0].itemStyle.color).toBe('#454E7C');
  });

  it('labels key, value, and share of the parent as label_type says', () => {
    const params = { name: 'Cars', value: 60, treePathInfo: [{ name: 'count', value: 100 }, { name: '2003', value: 80 }, { name: 'Cars', value: 60 }] };
    expect(seriesOf({}).label.formatter(params)).toBe('Cars: 60');
    expect(seriesOf({ label_type: 'key' }).label.formatter(params)).toBe('Cars');
    expect(seriesOf({ label_type: 'value', number_format: ',.1f' }).label.formatter(params)).toBe('60.0');
    expect(seriesOf({ label_type: 'key_percent' }).label.formatter(params)).toBe('Cars: 75.00%');
    expect(seriesOf({ label_type: 'key_value_percent' }).label.formatter(params)).toBe('Cars: 60 (75.00%)');
  });

  it('gives the path, the value and the share of the parent in the tooltip', () => {
    const option = transformProps(input({})).option as { tooltip: { formatter: (p: unknown) => string } };
    const html = option.tooltip.formatter({ value: 60, treePathInfo: [{ name: 'count', value: 100 }, { name: '2003', value: 80 }, { name: 'Cars', value: 60 }] });
    expect(html).toContain('2003 ▸ Cars');
    expect(html).toContain('>count<');
    expect(html).toContain('75.00%');
  });

  it('hides labels as asked and dims leaves outside the cross-filter', () => {
    const series = seriesOf({ show_labels: false, show_upper_labels: false });
    expect(series.label.show).toBe(false);
    expect(series.upperLabel.show).toBe(false);
    const model = transformProps({ ...input({}), filterState: { selectedValues: ['2003,Cars'] } });
    const [root] = (model.option as { series: Series[] }).series[0].data;
    expect(root.children?.[0].children?.[0].itemStyle.colorAlpha).toBeUndefined();
    expect(root.children?.[0].children?.[1].itemStyle.colorAlpha).toBe(0.3);
  });
});
