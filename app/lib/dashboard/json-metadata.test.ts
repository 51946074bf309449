import { describe, expect, it } from 'vitest';
import { checkJsonMetadata, colorSchemeOf, JSON_METADATA_INVALID, JsonMetadataKeysSchema, parseJsonMetadata, withColorScheme } from './json-metadata';

describe('checkJsonMetadata', () => {
  it('takes an object of known keys, and empty text as no metadata', () => {
    const text = JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 60, label_colors: { boys: '#123456' }, cross_filters_enabled: false, shared_label_colors: ['boys'] });
    expect(checkJsonMetadata(text)).toEqual({ ok: true, value: JSON.parse(text) });
    expect(checkJsonMetadata('  ')).toEqual({ ok: true, value: {} });
  });

  it('refuses text that is not a JSON object with the editor message', () => {
    for (const text of ['{', '[1, 2]', '"text"', 'null', '12', '{"a": 1,}']) expect(checkJsonMetadata(text), text).toEqual({ ok: false, errors: [JSON_METADATA_INVALID] });
    // Deeper than the safe parser takes: refused as invalid, not thrown.
    expect(checkJsonMetadata(`{"label_colors": ${'['.repeat(200)}${']'.repeat(200)}}`)).toEqual({ ok: false, errors: [JSON_METADATA_INVALID] });
  });

  it('names each key of the wrong type, and unknown keys', () => {
    const result = checkJsonMetadata(JSON.stringify({ refresh_frequency: 'often', stagger_time: -1, filter_bar_orientation: 'DIAGONAL', colour_scheme: 'x', color_scheme: 3 }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(expect.arrayContaining([
      'refresh_frequency: Not a valid integer.',
      'stagger_time: Must be greater than or equal to 0.',
      'filter_bar_orientation: Must be one of: VERTICAL, HORIZONTAL.',
      'colour_scheme: Unknown field.',
      'color_scheme: Not a valid string.',
    ]));
    expect(result.errors).toHaveLength(5);
  });

  it('accepts null for any known key, as the server does', () => {
    const everyKey = Object.fromEntries(Object.keys(JsonMetadataKeysSchema.shape).map((k) => [k, null]));
    expect(checkJsonMetadata(JSON.stringify(everyKey)).ok).toBe(true);
  });
});

describe('colour scheme and text', () => {
  it('reads the scheme the text names', () => {
    expect(colorSchemeOf('{"color_scheme": "lyftColors"}')).toBe('lyftColors');
    expect(colorSchemeOf('{"color_scheme": 4}')).toBe('');
    expect(colorSchemeOf('not json')).toBe('');
    expect(colorSchemeOf('')).toBe('');
  });

  it('writes the scheme into the text, keeping the other keys and their order', () => {
    const text = '{"refresh_frequency": 0, "color_scheme": "bnbColors", "label_colors": {}}';
    const next = withColorScheme(text, 'lyftColors')!;
    expect(Object.keys(JSON.parse(next))).toEqual(['refresh_frequency', 'color_scheme', 'label_colors']);
    expect(JSON.parse(next)).toEqual({ refresh_frequency: 0, color_scheme: 'lyftColors', label_colors: {} });
    expect(colorSchemeOf(next)).toBe('lyftColors');
    expect(JSON.parse(withColorScheme(text, '')!)).toEqual({ refresh_frequency: 0, label_colors: {} });
    expect(JSON.parse(withColorScheme('', 'bnbColors')!)).toEqual({ color_scheme: 'bnbColors' });
  });

  it('leaves text that is not an object alone (null)', () => {
    expect(withColorScheme('{"a":', 'bnbColors')).toBeNull();
    expect(withColorScheme('[]', 'bnbColors')).toBeNull();
    expect(parseJsonMetadata('[]')).toBeNull();
  });
});
