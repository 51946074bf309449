import { describe, expect, it } from 'vitest';
import { describeFormErrors, propertiesUpdateOf } from './page-actions.server';

function form(fields: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
}

const base: [string, string][] = [
  ['dashboard_title', 'Sales'], ['slug', 'sales'], ['certified_by', ''], ['certification_details', ''],
  ['color_scheme', 'bnbColors'], ['color_scheme_was', 'bnbColors'], ['json_metadata', '{"color_scheme": "bnbColors", "refresh_frequency": 0}'], ['css', ''],
];

describe('propertiesUpdateOf', () => {
  it('makes the PUT input: cleaned slug, owners picked and typed, metadata as written', () => {
    const update = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'slug'), ['slug', ' new slug! '], ['owners', '3'], ['owners', '5'], ['owners_add', '7, 3 9'], ['roles', '2']]));
    expect(update).toEqual({ ok: true, input: {
      dashboard_title: 'Sales', slug: 'new-slug', owners: [3, 5, 7, 9], roles: [2], certified_by: '', certification_details: '',
      json_metadata: '{"color_scheme": "bnbColors", "refresh_frequency": 0}', css: '',
    } });
  });

  it('writes a changed colour scheme into the metadata; an unchanged select leaves the text its own', () => {
    const changed = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'color_scheme'), ['color_scheme', 'lyftColors']]));
    expect(changed.ok && JSON.parse(changed.input.json_metadata!)).toEqual({ color_scheme: 'lyftColors', refresh_frequency: 0 });
    const textEdited = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'json_metadata'), ['json_metadata', '{"color_scheme": "d3Category10"}']]));
    expect(textEdited.ok && JSON.parse(textEdited.input.json_metadata!)).toEqual({ color_scheme: 'd3Category10' });
    const cleared = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'color_scheme'), ['color_scheme', '']]));
    expect(cleared.ok && JSON.parse(cleared.input.json_metadata!)).toEqual({ refresh_frequency: 0 });
  });

  it('takes empty metadata as {} and no owners as none', () => {
    const update = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'json_metadata' && !k.startsWith('color')), ['json_metadata', '']]));
    expect(update.ok && update.input).toMatchObject({ json_metadata: '{}', owners: [], roles: [] });
  });

  it('answers the field errors of bad metadata, bad ids and a long slug', () => {
    expect(propertiesUpdateOf(form([...base.filter(([k]) => k !== 'json_metadata'), ['json_metadata', '{oops']]))).toEqual({ ok: false, errors: { json_metadata: ['JSON not valid'] } });
    // A changed scheme cannot be written into text that is not an object.
    const rewritten = propertiesUpdateOf(form([...base.filter(([k]) => k !== 'color_scheme' && k !== 'json_metadata'), ['color_scheme', 'lyftColors'], ['json_metadata', '[]']]));
    expect(rewritten).toEqual({ ok: false, errors: { json_metadata: ['JSON not valid'] } });
    expect(propertiesUpdateOf(form([...base.filter(([k]) => k !== 'json_metadata'), ['json_metadata', '{"refresh_frequency": "x"}']])))
      .toEqual({ ok: false, errors: { 'json_metadata.refresh_frequency': ['Not a valid integer.'] } });
    expect(propertiesUpdateOf(form([...base, ['owners_add', '4, ann']]))).toEqual({ ok: false, errors: { owners: ['Not a user id: ann'] } });
    expect(propertiesUpdateOf(form([...base.filter(([k]) => k !== 'slug'), ['slug', 'a'.repeat(256)]]))).toEqual({ ok: false, errors: { slug: ['Length must be between 0 and 255.'] } });
  });
});

describe('describeFormErrors', () => {
  it('names fields by their labels, nested metadata keys in brackets', () => {
    expect(describeFormErrors({ slug: ['Must be unique'], 'json_metadata.refresh_frequency': ['Not a valid integer.'], owners: ['Owners are invalid'] }))
      .toBe('URL slug: Must be unique; JSON metadata (refresh_frequency): Not a valid integer.; Owners: Owners are invalid');
  });
});
