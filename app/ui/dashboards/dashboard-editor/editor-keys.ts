/**
 * The editor's history keys: Ctrl (Cmd on a Mac) + Z undoes; Ctrl/Cmd + Shift + Z and Ctrl + Y
 * redo. Not while the user types in a field, where those keys belong to the field's own undo.
 */
export type KeyInput = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
};

type ElementLike = { tagName?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null };

/** Whether the key went to something that edits text (its own undo): inputs, text areas, selects, editable content, code editors. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as ElementLike | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (el.isContentEditable) return true;
  return el.getAttribute?.('role') === 'textbox';
}

export function historyKeyOf(event: KeyInput): 'undo' | 'redo' | null {
  if (event.altKey || isTypingTarget(event.target)) return null;
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  }
  return null;
}
