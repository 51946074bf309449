import { describe, expect, it } from 'vitest';
import { historyKeyOf, isTypingTarget, type KeyInput } from './editor-keys';

const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, getAttribute: () => null, ...extra }) as unknown as EventTarget;
const key = (over: Partial<KeyInput>): KeyInput => ({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: el('DIV'), ...over });

describe('historyKeyOf', () => {
  it('undoes on Ctrl+Z and Cmd+Z', () => {
    expect(historyKeyOf(key({ ctrlKey: true }))).toBe('undo');
    expect(historyKeyOf(key({ metaKey: true }))).toBe('undo');
  });

  it('redoes on Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    expect(historyKeyOf(key({ ctrlKey: true, shiftKey: true, key: 'Z' }))).toBe('redo');
    expect(historyKeyOf(key({ metaKey: true, shiftKey: true, key: 'Z' }))).toBe('redo');
    expect(historyKeyOf(key({ ctrlKey: true, key: 'y' }))).toBe('redo');
  });

  it('leaves other keys, plain Z and typing alone', () => {
    expect(historyKeyOf(key({}))).toBeNull();
    expect(historyKeyOf(key({ ctrlKey: true, key: 'c' }))).toBeNull();
    expect(historyKeyOf(key({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyKeyOf(key({ ctrlKey: true, target: el('INPUT') }))).toBeNull();
    expect(historyKeyOf(key({ ctrlKey: true, target: el('textarea') }))).toBeNull();
    expect(historyKeyOf(key({ ctrlKey: true, target: el('DIV', { isContentEditable: true }) }))).toBeNull();
  });

  it('knows a text box by role', () => {
    expect(isTypingTarget(el('DIV', { getAttribute: (n: string) => (n === 'role' ? 'textbox' : null) }))).toBe(true);
    expect(isTypingTarget(null)).toBe(false);
  });
});
