import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery } from './build-query';

type Fixture = { chart: { viz_type: string; slice_name: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'big_number_total');

// JSON round trip: compare as the wire sees it (no undefined fields; key order does not matter to toEqual).
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('big_number_total buildQuery', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data))).toEqual(wire(fixture.query_context));
    });
  }
});
