import { describe, expect, it } from 'vitest';
import { nextTabName } from './tab-names';

describe('nextTabName', () => {
  it('numbers untitled tabs after the highest, counting tabs still being created', () => {
    expect(nextTabName(null, [])).toBe('Untitled Query 1');
    const first = nextTabName(null, ['Untitled Query 1']);
    expect(first).toBe('Untitled Query 2');
    expect(nextTabName(undefined, ['Untitled Query 1', first])).toBe('Untitled Query 3');
  });

  it('keeps a given name unless a tab has it, then numbers it', () => {
    expect(nextTabName('Revenue', ['Untitled Query 1'])).toBe('Revenue');
    expect(nextTabName('Revenue', ['Revenue'])).toBe('Revenue (2)');
    expect(nextTabName('Revenue', ['Revenue', 'Revenue (2)'])).toBe('Revenue (3)');
    expect(nextTabName('  ', ['Untitled Query 4'])).toBe('Untitled Query 5');
  });
});
