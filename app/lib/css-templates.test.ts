import { describe, expect, it } from 'vitest';
import { CSS_TEMPLATE_OPTIONS_URL, CssTemplateCreateSchema, CssTemplateUpdateSchema, cssTemplateOptions } from './css-templates';
import { decodeRison } from './rison';

describe('CSS template inputs', () => {
  it('asks a name on create, with marshmallow\'s messages', () => {
    const missing = CssTemplateCreateSchema.safeParse({ css: 'a {}' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['template_name', 'Missing data for required field.']]);
    const blank = CssTemplateCreateSchema.safeParse({ template_name: '   ' });
    expect(blank.error?.issues[0].message).toBe('Length must be between 1 and 250.');
    expect(CssTemplateCreateSchema.safeParse({ template_name: 'x'.repeat(251) }).success).toBe(false);
    expect(CssTemplateCreateSchema.safeParse({ template_name: 'x', extra: 1 }).success).toBe(false);
    expect(CssTemplateCreateSchema.parse({ template_name: ' Dark ', css: 'a{}' })).toEqual({ template_name: 'Dark', css: 'a{}' });
  });

  it('lets an update name either field', () => {
    expect(CssTemplateUpdateSchema.parse({})).toEqual({});
    expect(CssTemplateUpdateSchema.parse({ css: null })).toEqual({ css: null });
    expect(CssTemplateUpdateSchema.safeParse({ template_name: '' }).success).toBe(false);
    expect(CssTemplateUpdateSchema.safeParse({ css: 5 }).success).toBe(false);
  });
});

describe('the editor\'s templates', () => {
  it('asks for the first 100 templates by name', () => {
    const q = new URL(CSS_TEMPLATE_OPTIONS_URL, 'http://x').searchParams.get('q')!;
    expect(new URL(CSS_TEMPLATE_OPTIONS_URL, 'http://x').pathname).toBe('/api/v1/css_template/');
    expect(decodeRison(q)).toEqual({ page_size: 100, order_column: 'template_name', order_direction: 'asc' });
  });

  it('reads the list answer as options, leaving out rows it cannot offer', () => {
    const body = {
      count: 4,
      result: [
        { id: 1, template_name: 'Dark', css: '.x {}' },
        { id: 2, template_name: 'No CSS', css: null },
        { id: 3, template_name: null, css: '.y {}' },
        { template_name: 'No id', css: '' },
      ],
    };
    expect(cssTemplateOptions(body)).toEqual([
      { id: 1, template_name: 'Dark', css: '.x {}' },
      { id: 2, template_name: 'No CSS', css: '' },
    ]);
    expect(cssTemplateOptions({ message: 'Forbidden' })).toEqual([]);
    expect(cssTemplateOptions(null)).toEqual([]);
  });
});
