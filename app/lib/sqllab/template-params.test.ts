import { describe, expect, it } from 'vitest';
import { checkTemplateParams, formatTemplateParams } from './template-params';

describe('template parameters', () => {
  it('accepts a JSON object, and empty text as no parameters', () => {
    expect(checkTemplateParams('{"country": "FR", "n": 3}')).toEqual({ ok: true, value: { country: 'FR', n: 3 } });
    expect(checkTemplateParams('   ')).toEqual({ ok: true, value: {} });
    expect(checkTemplateParams('')).toEqual({ ok: true, value: {} });
  });
  it('refuses text that is not JSON, saying why', () => {
    const check = checkTemplateParams('{"country": ');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/^The template parameters are not valid JSON: /);
  });
  it('refuses JSON that is not an object', () => {
    for (const text of ['[1, 2]', '42', '"FR"', 'null']) {
      const check = checkTemplateParams(text);
      expect(check, text).toEqual({ ok: false, error: 'The template parameters must be a JSON object, like {"country": "FR"}.' });
    }
  });
  it('pretty-prints an object and leaves anything else as typed', () => {
    expect(formatTemplateParams('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatTemplateParams('{"a":')).toBe('{"a":');
    expect(formatTemplateParams('')).toBe('');
  });
});
