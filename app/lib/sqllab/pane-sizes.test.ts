import { describe, expect, it } from 'vitest';
import { MIN_PANE_PERCENT, paneKey, paneSizes, parsePaneSizes } from './pane-sizes';

describe('pane sizes', () => {
  it('south is the rest of north, both clamped so neither pane closes', () => {
    expect(paneSizes(40)).toEqual({ northPercent: 40, southPercent: 60 });
    expect(paneSizes(0)).toEqual({ northPercent: MIN_PANE_PERCENT, southPercent: 100 - MIN_PANE_PERCENT });
    expect(paneSizes(100)).toEqual({ northPercent: 100 - MIN_PANE_PERCENT, southPercent: MIN_PANE_PERCENT });
    expect(paneSizes(33.333)).toEqual({ northPercent: 33.3, southPercent: 66.7 });
  });
  it('reads what was stored, clamped; anything unreadable is null', () => {
    expect(parsePaneSizes('{"northPercent":55,"southPercent":45}')).toEqual({ northPercent: 55, southPercent: 45 });
    expect(parsePaneSizes('{"northPercent":-5}')).toEqual({ northPercent: MIN_PANE_PERCENT, southPercent: 100 - MIN_PANE_PERCENT });
    for (const text of [null, '', 'nope', '{"northPercent":"50"}', '[]']) expect(parsePaneSizes(text), String(text)).toBeNull();
  });
  it('keys by tab id', () => {
    expect(paneKey('12')).toBe('sightline.sqllab.panes.12');
  });
});
