import { describe, expect, it } from 'vitest';
import type { ResizeBounds } from '~/lib/dashboard/layout';
import { clampSize, columnStep, sizeFromDrag, sizeFromKey } from './resize';

const chartBounds: ResizeBounds = { minWidth: 1, maxWidth: 8, minHeight: 5, maxHeight: 1000 };
const columnBounds: ResizeBounds = { minWidth: 3, maxWidth: 12, minHeight: null, maxHeight: null };

describe('columnStep', () => {
  it('is one column with its gutter', () => {
    // 12 columns of 84 px with 11 gutters of 16 px: 1184 px.
    expect(columnStep(1184, 12, 16)).toBe(100);
  });
  it('is 0 for a container not laid out', () => {
    expect(columnStep(0, 12, 16)).toBe(0);
  });
});

describe('sizeFromDrag', () => {
  it('snaps the width to whole columns and the height to 8 px units', () => {
    expect(sizeFromDrag({ width: 4, height: 50 }, 149, 20, 100, chartBounds)).toEqual({ width: 5, height: 53 });
    expect(sizeFromDrag({ width: 4, height: 50 }, 151, -3, 100, chartBounds)).toEqual({ width: 6, height: 50 });
    expect(sizeFromDrag({ width: 4, height: 50 }, -260, -12, 100, chartBounds)).toEqual({ width: 1, height: 49 });
  });
  it('stays within the bounds', () => {
    expect(sizeFromDrag({ width: 4, height: 50 }, 1000, -1000, 100, chartBounds)).toEqual({ width: 8, height: 5 });
  });
  it('leaves the height of what has none (a column) alone', () => {
    expect(sizeFromDrag({ width: 4, height: null }, -200, 80, 100, columnBounds)).toEqual({ width: 3, height: null });
  });
  it('keeps the width when the column step is unknown', () => {
    expect(sizeFromDrag({ width: 4, height: 50 }, 500, 0, 0, chartBounds)).toEqual({ width: 4, height: 50 });
  });
});

describe('sizeFromKey', () => {
  it('changes the width by a column and the height by a unit', () => {
    expect(sizeFromKey('ArrowRight', { width: 4, height: 50 }, chartBounds)).toEqual({ width: 5, height: 50 });
    expect(sizeFromKey('ArrowLeft', { width: 4, height: 50 }, chartBounds)).toEqual({ width: 3, height: 50 });
    expect(sizeFromKey('ArrowDown', { width: 4, height: 50 }, chartBounds)).toEqual({ width: 4, height: 51 });
    expect(sizeFromKey('ArrowUp', { width: 4, height: 50 }, chartBounds)).toEqual({ width: 4, height: 49 });
  });
  it('stops at the bounds and ignores other keys', () => {
    expect(sizeFromKey('ArrowRight', { width: 8, height: 50 }, chartBounds)).toEqual({ width: 8, height: 50 });
    expect(sizeFromKey('ArrowUp', { width: 4, height: 5 }, chartBounds)).toEqual({ width: 4, height: 5 });
    expect(sizeFromKey('Enter', { width: 4, height: 50 }, chartBounds)).toBeNull();
  });
});

describe('clampSize', () => {
  it('rounds and clamps', () => {
    expect(clampSize({ width: 12.4, height: 2 }, chartBounds)).toEqual({ width: 8, height: 5 });
  });
});
