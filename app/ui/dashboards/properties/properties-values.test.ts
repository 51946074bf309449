import { describe, expect, it } from 'vitest';
import { decodeRison } from '~/lib/rison';
import { CATEGORICAL_SCHEMES } from '~/lib/colors/categorical-schemes';
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';
import { checkProperties, cleanSlug, colorSchemeOptions, relatedQuery } from './properties-values';

const base: DashboardProperties = {
  dashboard_title: 'Sales',
  slug: 'sales',
  owners: [{ id: 1, label: 'Ann Lee' }],
  roles: [],
  certified_by: '',
  certification_details: '',
  json_metadata: '{"color_scheme": "bnbColors"}',
  css: '',
};

describe('cleanSlug', () => {
  it('cleans as the server does: trimmed, spaces to dashes, only word characters and dashes', () => {
    expect(cleanSlug('  My board 2024! ')).toBe('My-board-2024');
    expect(cleanSlug('a/b?c=d')).toBe('abcd');
    expect(cleanSlug('under_score-dash')).toBe('under_score-dash');
    expect(cleanSlug('!!!')).toBe('');
  });
});

describe('checkProperties', () => {
  it('hands on the slug cleaned, and empty metadata as {}', () => {
    const checked = checkProperties({ ...base, slug: ' new slug ', json_metadata: ' ' });
    expect(checked).toEqual({ ok: true, value: { ...base, slug: 'new-slug', json_metadata: '{}' } });
  });

  it('keeps an empty title (the server names it untitled)', () => {
    expect(checkProperties({ ...base, dashboard_title: '' })).toEqual({ ok: true, value: { ...base, dashboard_title: '' } });
  });

  it('refuses a slug longer than 255 once cleaned, and a title past 500', () => {
    expect(checkProperties({ ...base, slug: `${'a'.repeat(255)}!!!` }).ok).toBe(true);
    const checked = checkProperties({ ...base, slug: 'a'.repeat(256), dashboard_title: 't'.repeat(501) });
    expect(checked).toEqual({ ok: false, errors: {
      slug: 'The URL slug may be at most 255 characters long.',
      dashboard_title: 'The title may be at most 500 characters long.',
    } });
  });

  it('refuses metadata that is not an object, or has keys of the wrong type', () => {
    expect(checkProperties({ ...base, json_metadata: '{nope' })).toEqual({ ok: false, errors: { json_metadata: 'JSON metadata is invalid!' } });
    expect(checkProperties({ ...base, json_metadata: '{"refresh_frequency": "x", "bogus": 1}' })).toEqual({
      ok: false, errors: { json_metadata: 'refresh_frequency: Not a valid integer.; bogus: Unknown field.' },
    });
  });
});

describe('colorSchemeOptions', () => {
  it('lists every categorical scheme once, featured first', () => {
    const options = colorSchemeOptions('');
    expect(options).toHaveLength(CATEGORICAL_SCHEMES.length);
    expect(new Set(options.map((o) => o.id)).size).toBe(CATEGORICAL_SCHEMES.length);
    expect(options[0]).toEqual({ id: 'supersetColors', label: 'Superset Colors' });
    const firstPlain = options.findIndex((o) => o.id === 'bnbColors');
    expect(options.slice(firstPlain).every((o) => CATEGORICAL_SCHEMES.find((s) => s.id === o.id)?.group !== 'featured')).toBe(true);
  });

  it('keeps a scheme the metadata names that is not registered, so the select shows it', () => {
    expect(colorSchemeOptions('pluginColors').at(-1)).toEqual({ id: 'pluginColors', label: 'pluginColors (unknown scheme)' });
    expect(colorSchemeOptions('bnbColors')).toHaveLength(CATEGORICAL_SCHEMES.length);
  });
});

describe('relatedQuery', () => {
  it("asks the dashboard's related endpoint for the first 100 matches", () => {
    const url = new URL(relatedQuery('owners', '  ann '), 'http://x');
    expect(url.pathname).toBe('/api/v1/dashboard/related/owners');
    expect(decodeRison(url.searchParams.get('q')!)).toEqual({ filter: 'ann', page: 0, page_size: 100 });
    expect(new URL(relatedQuery('roles', ''), 'http://x').pathname).toBe('/api/v1/dashboard/related/roles');
  });
});
