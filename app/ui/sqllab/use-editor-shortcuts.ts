/**
 * The editor's keys anywhere on the page, not only inside the editor (as Superset binds them):
 * Ctrl/Cmd+Enter runs, Ctrl/Cmd+E stops, Ctrl/Cmd+Shift+F formats, Ctrl+T or Alt+T opens a new
 * tab (browsers keep Ctrl+T for themselves; Alt+T is the one that reaches the page). Keys the
 * editor already handled (it prevents their default) and keys typed in a dialog are left alone.
 */
import { useEffect, useRef } from 'react';

export type ShortcutCommands = { run: () => void; stop: () => void; format: () => void; newTab: () => void };

export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): keyof ShortcutCommands | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && !event.shiftKey && key === 'enter') return 'run';
  if (mod && key === 'e') return 'stop';
  if (mod && event.shiftKey && key === 'f') return 'format';
  if ((event.ctrlKey || event.altKey) && !event.shiftKey && (key === 't' || event.key === '†')) return 'newTab';
  return null;
}

export function useEditorShortcuts(commands: ShortcutCommands, dialogOpen: boolean) {
  const latest = useRef({ commands, dialogOpen });
  latest.current = { commands, dialogOpen };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || latest.current.dialogOpen) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      const name = shortcutFor(event);
      if (!name) return;
      event.preventDefault();
      latest.current.commands[name]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
