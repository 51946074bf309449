import { describe, expect, it } from 'vitest';
import { findCountry } from './countries.server';
import { WORLD_MAP } from './world-map.server';

const secondary = { expressionType: 'SIMPLE', aggregate: 'COUNT', column: { column_name: 'country_live' }, label: 'COUNT(country_live)' };
const formData = { viz_type: 'world_map', entity: 'country_live', metric: 'count', secondary_metric: secondary, country_fieldtype: 'name' };
const ctx = (fd: Record<string, unknown>) => ({ formData: fd, metricLabels: [], fromDttm: null, toDttm: null });

describe('world_map', () => {
  it('groups by the entity with the metric and the secondary metric, ordered by the metric when asked', () => {
    expect(WORLD_MAP.query!({ columns: [], metrics: [] }, formData)).toEqual({ columns: ['country_live'], metrics: ['count', secondary] });
    expect(WORLD_MAP.query!({}, { ...formData, secondary_metric: 'count', sort_by_metric: true })).toEqual({ columns: ['country_live'], metrics: ['count'], orderby: [['count', false]] });
  });

  it('answers country code, metrics, centre and name; XXX for what names no country', () => {
    const rows = [
      { country_live: 'United States', count: 10, 'COUNT(country_live)': 9 },
      { country_live: 'atlantis', count: 1, 'COUNT(country_live)': 1 },
      { country_live: null, count: 2, 'COUNT(country_live)': 0 },
    ];
    expect(WORLD_MAP.data(rows, ctx(formData))).toEqual([
      { country: 'USA', m1: 10, m2: 9, latitude: 38, longitude: -97, name: 'United States' },
      { country: 'XXX', m1: 1, m2: 1 },
      { country: 'XXX', m1: 2, m2: 0 },
    ]);
    // The same metric twice: m2 is m1; no secondary metric: no m2.
    expect(WORLD_MAP.data([{ c: 'FR', count: 3 }], ctx({ entity: 'c', metric: 'count', secondary_metric: 'count', country_fieldtype: 'cca2' }))).toEqual([{ country: 'FRA', m1: 3, m2: 3, latitude: 46, longitude: 2, name: 'France' }]);
    expect(WORLD_MAP.data([{ c: 'ger', count: 3 }], ctx({ entity: 'c', metric: 'count', country_fieldtype: 'cioc' }))).toEqual([{ country: 'DEU', m1: 3, latitude: 51, longitude: 9, name: 'Germany' }]);
    expect(WORLD_MAP.data([], ctx(formData))).toBeNull();
  });

  it('finds countries by every field type, case-insensitively, and by other spellings of the name', () => {
    expect(findCountry('cca3', 'gbr')?.name).toBe('United Kingdom');
    expect(findCountry('name', 'Czech Republic')?.cca3).toBe('CZE');
    expect(findCountry('name', 'south korea')?.cca2).toBe('KR');
    expect(findCountry('unknown', 'France')).toBeNull();
  });
});
