import { describe, expect, test } from 'vitest';
import { sequentialSchemes, normalizeSequentialScheme } from './color-scheme';
import { getSequentialColors, getSequentialScale } from './sequential-scale';
import { addAlpha, getContrastingColor, hexToRgb, rgbToHex } from './color-utils';

// superset_seq_1 runs '#F4FAD4' (244, 250, 212) … '#050415' (5, 4, 21) over ten stops; the
// expectations are Superset's createLinearScale outputs.
describe('sequential scale', () => {
  test('ends of the extent take the first and last colours; outside values clamp', () => {
    const scale = getSequentialScale('superset_seq_1', [0, 90]);
    expect(scale(0)).toBe('rgb(244, 250, 212)');
    expect(scale(90)).toBe('rgb(5, 4, 21)');
    expect(scale(-50)).toBe('rgb(244, 250, 212)');
    expect(scale(1000)).toBe('rgb(5, 4, 21)');
    // 50 is the sixth stop (of ten over 0..90, every 10): '#1FA8C9'.
    expect(scale(50)).toBe('rgb(31, 168, 201)');
    expect(scale(null)).toBeUndefined();
    expect(scale.domain).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  test('two-colour schemes map min and max directly', () => {
    const scale = getSequentialScale('white_black', [10, 20]);
    expect(scale(10)).toBe('rgb(255, 255, 255)');
    expect(scale(20)).toBe('rgb(0, 0, 0)');
  });

  test('a one-value extent gives the middle of the last segment, as d3', () => {
    expect(getSequentialScale('superset_seq_1', [5, 5])(5)).toBe(getSequentialScale('superset_seq_1', [0, 18])(17));
  });

  test('unknown schemes use superset_seq_1', () => {
    expect(getSequentialScale('nope', [0, 1]).schemeId).toBe('superset_seq_1');
    expect(normalizeSequentialScheme('nope')).toBe('superset_seq_1');
    expect(sequentialSchemes.has('schemeYlOrBr')).toBe(true);
    expect(sequentialSchemes.get('SUPERSET_DEFAULT').colors[0]).toBe('#67001f');
  });

  test('sampled colours', () => {
    expect(getSequentialColors('superset_seq_1')).toHaveLength(10);
    const three = getSequentialColors('white_black', 3);
    expect(three).toEqual(['rgb(255, 255, 255)', 'rgb(119, 119, 119)', 'rgb(0, 0, 0)']);
  });
});

describe('colour utilities', () => {
  test('text colour by the spec’s contrast threshold 186', () => {
    expect(getContrastingColor('#FFFFFF')).toBe('#000');
    expect(getContrastingColor('#1FA8C9')).toBe('#FFF');
    expect(getContrastingColor('rgb(250, 250, 250)')).toBe('#000');
    expect(getContrastingColor('#ccc')).toBe('#000'); // 204
    expect(getContrastingColor('#abc')).toBe('#FFF'); // 183.9
  });

  test('conversions', () => {
    expect(addAlpha('#1FA8C9', 0.5)).toBe('#1FA8C980');
    expect(addAlpha('#1FA8C9', 0)).toBe('#1FA8C900');
    expect(() => addAlpha('#1FA8C9', 2)).toThrow(RangeError);
    expect(hexToRgb('#1FA8C9')).toBe('rgb(31, 168, 201)');
    expect(rgbToHex(31, 168, 201)).toBe('#1fa8c9');
  });
});
