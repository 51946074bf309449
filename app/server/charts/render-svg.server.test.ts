import { describe, expect, it } from 'vitest';
import { ChartRenderError, renderEChartsSvg } from './render-svg.server';

describe('renderEChartsSvg', () => {
  it('renders an option to a standalone SVG of the model size, without animation', () => {
    const svg = renderEChartsSvg({
      kind: 'echarts',
      width: 400,
      height: 300,
      option: { series: [{ type: 'pie', data: [{ name: 'boy', value: 3 }, { name: 'girl', value: 2 }], label: { show: true } }] },
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="300"');
    expect(svg).toContain('boy');
    expect(svg).not.toContain('<animate');
  });

  it('answers a ChartRenderError for an option ECharts cannot take, and keeps rendering after it', () => {
    const throwing = () => {
      throw new Error('formatter failed');
    };
    expect(() => renderEChartsSvg({ kind: 'echarts', width: 100, height: 100, option: { series: [{ type: 'pie', data: [{ name: 'a', value: 1 }], label: { show: true, formatter: throwing } }] } })).toThrow(ChartRenderError);
    const svg = renderEChartsSvg({ kind: 'echarts', width: 100, height: 100, option: { xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', data: [1] }] } });
    expect(svg).toContain('<svg');
  });
});
