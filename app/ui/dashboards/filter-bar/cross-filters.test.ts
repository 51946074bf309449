import { describe, expect, it } from 'vitest';
import { withCrossFilter } from './cross-filters';

describe('withCrossFilter', () => {
  const native = { 'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', filterState: { value: ['x'] }, extraFormData: { filters: [{ col: 'a', op: 'IN' as const, val: ['x'] }] } } };

  it("sets a chart's mask beside the native filters' masks", () => {
    const next = withCrossFilter(native, 7, { region: ['Europe'] });
    expect(next['NATIVE_FILTER-a']).toBe(native['NATIVE_FILTER-a']);
    expect(next['7'].extraFormData).toEqual({ filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] });
  });

  it('replaces the same chart’s earlier selection, and removes it for null or an empty selection', () => {
    const once = withCrossFilter(native, 7, { region: ['Europe'] });
    expect(withCrossFilter(once, 7, { region: ['Asia'] })['7'].extraFormData?.filters?.[0].val).toEqual(['Asia']);
    expect(withCrossFilter(once, 7, null)).toEqual(native);
    expect(withCrossFilter(once, 7, { region: [] })).toEqual(native);
  });
});
