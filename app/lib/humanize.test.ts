import { describe, expect, it } from 'vitest';
import { humanizeDelta } from './humanize';

const now = new Date('2024-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('humanizeDelta', () => {
  it.each([
    [0, 'now'],
    [1, 'a second ago'],
    [45, '45 seconds ago'],
    [60, 'a minute ago'],
    [119, 'a minute ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, 'an hour ago'],
    [7200, '2 hours ago'],
    [86_399, '23 hours ago'],
    [86_400, 'a day ago'],
    [3 * 86_400, '3 days ago'],
    [15 * 86_400, '15 days ago'],
    [16 * 86_400, 'a month ago'],
    [70 * 86_400, '2 months ago'],
    [365 * 86_400, 'a year ago'],
    [366 * 86_400, '1 year, 1 day ago'],
    [400 * 86_400, '1 year, 1 month ago'],
    [500 * 86_400, '1 year, 4 months ago'],
    [3 * 365 * 86_400, '3 years ago'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(humanizeDelta(ago(seconds), now)).toBe(text);
  });

  it('says "from now" for the future and null for no date', () => {
    expect(humanizeDelta(ago(-300), now)).toBe('5 minutes from now');
    expect(humanizeDelta(null, now)).toBeNull();
  });
});
