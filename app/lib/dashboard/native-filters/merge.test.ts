import { describe, expect, it } from 'vitest';
import { mergeExtraFormData } from './merge';

describe('mergeExtraFormData', () => {
  it('appends filters and lets the later mask override time keys', () => {
    const merged = mergeExtraFormData(
      { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last week', custom_form_data: { x: 1 } },
      { filters: [{ col: 'b', op: 'IN', val: [2] }], time_range: 'Last year', time_grain_sqla: 'P1D', custom_form_data: { y: 2 } },
    );
    expect(merged).toEqual({
      filters: [{ col: 'a', op: 'IN', val: [1] }, { col: 'b', op: 'IN', val: [2] }],
      time_range: 'Last year',
      time_grain_sqla: 'P1D',
      custom_form_data: { x: 1, y: 2 },
    });
    expect(mergeExtraFormData({ time_range: 'Last week' }, {})).toEqual({ time_range: 'Last week' });
  });
});
