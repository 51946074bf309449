import { describe, expect, test } from 'vitest';
import { createColorContext } from './categorical-color';
import { categoricalSchemes, normalizeColorScheme } from './color-scheme';

// supersetColors begins '#1FA8C9', '#454E7C', '#5AC189', '#FF7F44'; d3Category10 '#1f77b4',
// '#ff7f0e', '#2ca02c', '#d62728'. Expectations follow Superset's CategoricalColorScale.
describe('categorical colours', () => {
  test('labels take the scheme’s colours in order of first use, and keep them', () => {
    const scale = createColorContext().getScale('supersetColors');
    expect(scale('boy')).toBe('#1FA8C9');
    expect(scale('girl')).toBe('#454E7C');
    expect(scale(' boy ')).toBe('#1FA8C9');
    expect(scale.getColorMap()).toEqual({ boy: '#1FA8C9', girl: '#454E7C' });
  });

  test('a label keeps its colour in another chart of the same namespace', () => {
    const ctx = createColorContext();
    const first = ctx.getScale('supersetColors');
    first('CA', 1);
    first('NY', 1);
    const second = ctx.getScale('supersetColors');
    // NY comes first in the second chart, and still gets the colour the first chart gave it.
    expect(second('NY', 2)).toBe('#454E7C');
    // A new label in the second chart skips the colour NY already uses there.
    expect(second('TX', 2)).toBe('#1FA8C9');
    expect(ctx.getNamespace().getSharedLabels()).toEqual(['NY']);
    expect(ctx.getNamespace().getColorMap()).toEqual({ CA: '#1FA8C9', NY: '#454E7C', TX: '#1FA8C9' });
  });

  test('namespaces and pages do not share colours', () => {
    const ctx = createColorContext();
    ctx.getScale('supersetColors', 'A')('x');
    expect(ctx.getScale('supersetColors', 'B')('y')).toBe('#1FA8C9');
    expect(createColorContext().getScale('supersetColors')('y')).toBe('#1FA8C9');
  });

  test('without sharing (Explore) each chart colours on its own', () => {
    const ctx = createColorContext({ shareLabelColors: false });
    ctx.getScale('supersetColors')('a');
    expect(ctx.getScale('supersetColors')('b')).toBe('#1FA8C9');
  });

  test('a new label never repeats a colour the chart already uses while the scheme has unused ones', () => {
    const ctx = createColorContext();
    ctx.getScale('d3Category10')('b', 1); // b: '#1f77b4' on the page
    const chart = ctx.getScale('d3Category10');
    expect(chart('b', 2)).toBe('#1f77b4');
    expect(chart('a', 2)).toBe('#ff7f0e'); // its ordinal colour is the first, used by b
  });

  test('without collision avoidance the ordinal colour is taken as is', () => {
    const ctx = createColorContext({ avoidCollisions: false });
    ctx.getScale('d3Category10')('b', 1);
    const chart = ctx.getScale('d3Category10');
    chart('b', 2);
    expect(chart('a', 2)).toBe('#1f77b4');
  });

  test('forced colours (label_colors) win in every chart, also as scheme indexes', () => {
    const ctx = createColorContext();
    ctx.getNamespace().setColors({ boy: '#123456', girl: 3 });
    const scale = ctx.getScale('supersetColors');
    expect(scale('x')).toBe('#1FA8C9');
    expect(scale('boy')).toBe('#123456');
    expect(scale('girl')).toBe('#FF7F44');
    expect(ctx.getScale('d3Category10')('girl')).toBe('#d62728');
    expect(scale.setColor('x', '#000000')('x')).toBe('#000000');
  });

  test('a dashboard’s stored colours: map_label_colors, then label_colors over them', () => {
    const ctx = createColorContext();
    ctx.getNamespace().applyDashboardColors({
      label_colors: { Medium: '#111111' },
      map_label_colors: { Medium: '#1FA8C9', Small: '#454E7C', Shipped: '#5AC189' },
      shared_label_colors: ['Small'],
    });
    const scale = ctx.getScale('d3Category10');
    expect(scale('Medium')).toBe('#111111');
    expect(scale('Small')).toBe('#454E7C');
    expect(scale('Shipped')).toBe('#5AC189');

    const sharedOnly = createColorContext();
    sharedOnly.getNamespace().applyDashboardColors(
      { map_label_colors: { Small: '#454E7C', Shipped: '#5AC189' }, shared_label_colors: ['Small'] },
      true,
    );
    const s2 = sharedOnly.getScale('d3Category10');
    expect(s2('Shipped')).toBe('#1f77b4');
    expect(s2('Small')).toBe('#454E7C');
  });

  test('resetting forced colours', () => {
    const ctx = createColorContext({ shareLabelColors: false });
    const ns = ctx.getNamespace();
    ns.setColors({ a: '#000000', b: '#ffffff' });
    ns.resetColorsForLabels(['a']);
    expect(ctx.getScale('supersetColors')('a')).toBe('#1FA8C9');
    expect(ctx.getScale('supersetColors')('b')).toBe('#ffffff');
    ns.resetColors();
    expect(ctx.getScale('supersetColors')('b')).toBe('#1FA8C9');
  });
});

describe('schemes', () => {
  test('supersetColors is first and the default; unknown ids fall back to it', () => {
    expect(categoricalSchemes.list()[0].id).toBe('supersetColors');
    expect(categoricalSchemes.get(undefined).id).toBe('supersetColors');
    expect(categoricalSchemes.get('Green').id).toBe('supersetColors');
    expect(createColorContext().getScale('Green').schemeId).toBe('supersetColors');
    expect(normalizeColorScheme('Green')).toBe('supersetColors');
    expect(normalizeColorScheme('bnbColors')).toBe('bnbColors');
  });

  test('Superset’s registered ids are all there, SUPERSET_DEFAULT being d3Category10', () => {
    for (const id of ['bnbColors', 'googleCategory10c', 'd3Category10', 'echarts4Colors', 'echarts5Colors', 'presetColors', 'supersetAndPresetColors', 'lyftColors']) {
      expect(categoricalSchemes.has(id)).toBe(true);
    }
    expect(categoricalSchemes.get('SUPERSET_DEFAULT').colors[0]).toBe('#1f77b4');
    expect(categoricalSchemes.get('supersetColors').colors).toHaveLength(20);
  });
});
