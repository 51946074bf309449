import { describe, expect, it } from 'vitest';
import { addToast, createToast, dangerToast, infoToast, removeToast, successToast, warningToast } from './toasts';

describe('toasts', () => {
  it('uses the spec durations per kind', () => {
    expect(infoToast('a').duration).toBe(4000);
    expect(successToast('a').duration).toBe(4000);
    expect(warningToast('a').duration).toBe(6000);
    expect(dangerToast('a').duration).toBe(8000);
  });

  it('drops a noDuplicate toast whose text and kind already show', () => {
    const first = addToast([], dangerToast('Network error.'));
    const again = addToast(first, dangerToast('Network error.', { noDuplicate: true }));
    expect(again).toHaveLength(1);
    const otherKind = addToast(first, warningToast('Network error.', { noDuplicate: true }));
    expect(otherKind).toHaveLength(2);
    expect(addToast(first, dangerToast('Network error.'))).toHaveLength(2);
  });

  it('gives every toast its own id and removes by id', () => {
    const a = createToast('INFO_TOAST', 'a');
    const b = createToast('INFO_TOAST', 'a');
    expect(a.id).not.toBe(b.id);
    expect(removeToast([a, b], a.id)).toEqual([b]);
  });
});
