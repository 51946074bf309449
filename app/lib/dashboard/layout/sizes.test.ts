import { describe, expect, it } from 'vitest';
import { newComponent } from './components';
import { capacity, minimumWidth, resizeBounds, spannedWidth, widthOnDrop } from './sizes';
import { chart, column, gridLayout, row, tab, tabs } from './fixtures/build-layout';

const layout = () => gridLayout(
  row('a', chart('x', 1, 4), column('c', 5, row('inner', chart('y', 2, 2), chart('z', 3, 2)), chart('w', 4, 3))),
  tabs('t', tab('one', row('r', chart('v', 5, 9)))),
);

describe('widths', () => {
  it('spans the grid, a column its width, a row what holds it', () => {
    expect(spannedWidth(layout(), 'GRID_ID')).toBe(12);
    expect(spannedWidth(layout(), 'TAB-one')).toBe(12);
    expect(spannedWidth(layout(), 'COLUMN-c')).toBe(5);
    expect(spannedWidth(layout(), 'ROW-inner')).toBe(5);
  });

  it('counts the free columns of rows and columns', () => {
    expect(capacity(layout(), 'ROW-a')).toBe(3);
    expect(capacity(layout(), 'ROW-inner')).toBe(1);
    expect(capacity(layout(), 'COLUMN-c')).toBe(5);
    expect(capacity(layout(), 'ROW-r')).toBe(3);
  });

  it('gives each type its minimum', () => {
    const l = layout();
    expect(minimumWidth(l, l['CHART-x'])).toBe(1);
    expect(minimumWidth(l, l['ROW-inner'])).toBe(4);
    expect(minimumWidth(l, l['COLUMN-c'])).toBe(4);
    expect(minimumWidth(l, l['TABS-t'])).toBeNull();
  });

  it('decides the width on drop: kept, narrowed to the free space, or no fit', () => {
    const l = layout();
    expect(widthOnDrop(l, l['CHART-v'], 'ROW-r', 'ROW-a')).toBe(3);
    expect(widthOnDrop(l, l['CHART-y'], 'ROW-inner', 'ROW-r')).toBe(2);
    expect(widthOnDrop(l, l['CHART-x'], 'ROW-a', 'ROW-r')).toBe(3);
    expect(widthOnDrop(l, l['CHART-x'], 'ROW-a', 'ROW-a')).toBe(4);
    expect(widthOnDrop(l, l['COLUMN-c'], 'ROW-a', 'ROW-r')).toBeNull();
    expect(widthOnDrop(l, newComponent('CHART', 'CHART-new'), null, 'ROW-inner')).toBe(1);
    expect(widthOnDrop(l, newComponent('HEADER', 'HEADER-new'), null, 'COLUMN-c')).toBeUndefined();
  });

  it('bounds resizing by the row, the column and the minimum', () => {
    const l = layout();
    expect(resizeBounds(l, 'CHART-x')).toEqual({ minWidth: 1, maxWidth: 7, minHeight: 5, maxHeight: 1000 });
    expect(resizeBounds(l, 'CHART-w')).toMatchObject({ minWidth: 1, maxWidth: 5 });
    expect(resizeBounds(l, 'COLUMN-c')).toEqual({ minWidth: 4, maxWidth: 8, minHeight: null, maxHeight: null });
    expect(resizeBounds(l, 'ROW-a')).toBeNull();
  });
});
