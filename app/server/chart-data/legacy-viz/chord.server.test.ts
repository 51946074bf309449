import { describe, expect, it } from 'vitest';
import { CHORD } from './chord.server';

const metric = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'cnt' }, label: 'SUM(cnt)' };
const formData = { viz_type: 'chord', groupby: 'channel_1', columns: 'channel_2', metric };

describe('chord', () => {
  it('groups by source and target with the one metric', () => {
    expect(CHORD.query!({ columns: ['channel_1', 'channel_2'], metrics: [metric, 'count'] }, formData)).toEqual({ columns: ['channel_1', 'channel_2'], metrics: [metric] });
  });

  it('answers the nodes and the square matrix, matrix[target][source], 0 where no link', () => {
    const rows = [
      { channel_1: 'general', channel_2: 'random', 'SUM(cnt)': 5 },
      { channel_1: 'random', channel_2: 'general', 'SUM(cnt)': 2 },
      { channel_1: 'general', channel_2: 'dev', 'SUM(cnt)': 7 },
    ];
    expect(CHORD.data(rows, { formData, metricLabels: ['SUM(cnt)'], fromDttm: null, toDttm: null })).toEqual({
      nodes: ['general', 'random', 'dev'],
      matrix: [
        [0, 2, 0],
        [5, 0, 0],
        [7, 0, 0],
      ],
    });
    expect(CHORD.data([], { formData, metricLabels: [], fromDttm: null, toDttm: null })).toBeNull();
  });
});
