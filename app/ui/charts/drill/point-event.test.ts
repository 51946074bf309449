import { describe, expect, it } from 'vitest';
import { toPointEvent } from '../chart-frame';

describe('a chart point event', () => {
  const params = { componentType: 'series', seriesType: 'bar', seriesName: 'boy', name: '', data: [1, 2], dataIndex: 3 };

  it('carries the point and the pointer position of the native event', () => {
    const event = toPointEvent('contextmenu', { ...params, event: { event: { clientX: 40, clientY: 50 } as MouseEvent, offsetX: 1, offsetY: 2 } }, null);
    expect(event).toEqual({ kind: 'contextmenu', componentType: 'series', seriesType: 'bar', seriesName: 'boy', name: '', data: [1, 2], value: undefined, dataIndex: 3, clientX: 40, clientY: 50 });
  });

  it('places a chart-relative position on the chart box when there is no native event', () => {
    const node = { getBoundingClientRect: () => ({ left: 100, top: 200 }) } as unknown as HTMLElement;
    const event = toPointEvent('click', { ...params, event: { offsetX: 5, offsetY: 6 } }, node);
    expect([event.clientX, event.clientY]).toEqual([105, 206]);
  });
});
