import { describe, expect, it } from 'vitest';
import type { Query } from '~/lib/sqllab/reducer';
import { ctasSelectSql } from './ctas-result';
import { shortcutFor } from './use-editor-shortcuts';
import { hasActiveQuery, MAX_QUERY_AGE_TO_POLL_MS } from './use-query-runner';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods,
});

describe('page-wide editor keys', () => {
  it('maps the editor keys to commands, Ctrl or Cmd alike', () => {
    expect(shortcutFor(key('Enter', { ctrlKey: true }))).toBe('run');
    expect(shortcutFor(key('Enter', { metaKey: true }))).toBe('run');
    expect(shortcutFor(key('e', { ctrlKey: true }))).toBe('stop');
    expect(shortcutFor(key('F', { ctrlKey: true, shiftKey: true }))).toBe('format');
    expect(shortcutFor(key('t', { altKey: true }))).toBe('newTab');
    expect(shortcutFor(key('t', { ctrlKey: true }))).toBe('newTab');
  });
  it('leaves other keys, and Ctrl+Shift+Enter (the editor\'s statement run), alone', () => {
    expect(shortcutFor(key('Enter', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutFor(key('Enter'))).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('t'))).toBeNull();
  });
});

describe('"Query in a new tab" after CREATE TABLE AS', () => {
  it('selects from the new table, schema-qualified when known', () => {
    expect(ctasSelectSql({ tempTable: 'births', tempSchema: 'main' })).toBe('SELECT * FROM main.births');
    expect(ctasSelectSql({ tempTable: 'births', tempSchema: null })).toBe('SELECT * FROM births');
  });
});

describe('whether a query is still worth waiting for', () => {
  const q = (state: Query['state'], startDttm: number) => ({ id: state, state, startDttm }) as Query;
  const now = MAX_QUERY_AGE_TO_POLL_MS * 2;
  it('is true for a recent active query, false for finished or very old ones', () => {
    expect(hasActiveQuery({ a: q('running', now - 1000) }, now)).toBe(true);
    expect(hasActiveQuery({ a: q('fetching', now - 1000) }, now)).toBe(true);
    expect(hasActiveQuery({ a: q('success', now - 1000), b: q('failed', now) }, now)).toBe(false);
    expect(hasActiveQuery({ a: q('pending', now - MAX_QUERY_AGE_TO_POLL_MS - 1) }, now)).toBe(false);
  });
});
