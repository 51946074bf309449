/**
 * The SQL text of a tab: a plain textarea first (usable at once), replaced by ace when it has
 * loaded. Keys: Ctrl/Cmd+Enter runs (the selection when there is one), Ctrl/Cmd+Shift+F formats,
 * Ctrl/Cmd+E stops, Alt+T opens a new tab. Autocomplete offers keywords (ace's SQL mode) and the
 * tables and columns the left bar has loaded.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Ace } from 'ace-builds';
import { loadAce } from './ace-loader';

export type EditorCommands = { run: () => void; format: () => void; stop: () => void; newTab: () => void };
export type Completion = { value: string; meta: string };

type Props = {
  tabId: string;
  sql: string;
  dark: boolean;
  completions: Completion[];
  onChange: (sql: string) => void;
  onSelect: (selected: string | null) => void;
  commands: EditorCommands;
};

export function Editor({ tabId, sql, dark, completions, onChange, onSelect, commands }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Ace.Editor | null>(null);
  const latest = useRef({ onChange, onSelect, commands, completions });
  latest.current = { onChange, onSelect, commands, completions };
  const [aceReady, setAceReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void loadAce().then((ace) => {
      if (disposed || !host.current) return;
      const editor = ace.edit(host.current, {
        mode: 'ace/mode/sql',
        value: sql,
        fontSize: 14,
        showPrintMargin: false,
        enableBasicAutocompletion: true,
        enableLiveAutocompletion: true,
        wrap: false,
        // The SQL mode has no worker; this keeps ace from trying to fetch one.
        useWorker: false,
      });
      const completer: Ace.Completer = {
        getCompletions: (_e, _s, _p, _prefix, callback) =>
          callback(null, latest.current.completions.map((c) => ({ caption: c.value, value: c.value, meta: c.meta, score: c.meta === 'column' ? 100 : 90 }))),
      };
      editor.completers = [...(editor.completers ?? []), completer];
      editor.on('change', () => latest.current.onChange(editor.getValue()));
      editor.selection.on('changeSelection', () => {
        const text = editor.getSelectedText();
        latest.current.onSelect(text ? text : null);
      });
      const bind = (name: string, win: string, mac: string, exec: () => void) =>
        editor.commands.addCommand({ name, bindKey: { win, mac }, exec });
      bind('runQuery', 'Ctrl-Enter', 'Command-Enter', () => latest.current.commands.run());
      bind('formatQuery', 'Ctrl-Shift-F', 'Command-Shift-F', () => latest.current.commands.format());
      bind('stopQuery', 'Ctrl-E', 'Command-E', () => latest.current.commands.stop());
      bind('newTab', 'Alt-T', 'Option-T', () => latest.current.commands.newTab());
      // Ace names its input "<this>, Cursor at row N"; set after creation, as ace reads it on focus.
      editor.setOption('textInputAriaLabel', 'SQL editor');
      editor.renderer.textarea.setAttribute('aria-label', 'SQL editor');
      editorRef.current = editor;
      setAceReady(true);
    });
    return () => {
      disposed = true;
      editorRef.current?.destroy();
      editorRef.current = null;
    };
    // One ace per tab: the tab's text is set below when it changes from outside (format, load).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tabId]);

  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== sql) editor.session.setValue(sql);
  }, [sql, aceReady]);

  useEffect(() => {
    editorRef.current?.setTheme(dark ? 'ace/theme/tomorrow_night' : 'ace/theme/textmate');
  }, [dark, aceReady]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const act = (fn: () => void) => {
      event.preventDefault();
      fn();
    };
    if (mod && key === 'enter') act(commands.run);
    else if (mod && event.shiftKey && key === 'f') act(commands.format);
    else if (mod && key === 'e') act(commands.stop);
    else if (event.altKey && key === 't') act(commands.newTab);
  };

  return (
    <div className="relative h-64 overflow-hidden rounded-md border border-slate-300 dark:border-slate-700" data-ace-ready={aceReady ? 'true' : 'false'}>
      <div ref={host} className={`absolute inset-0 ${aceReady ? '' : 'hidden'}`} />
      {!aceReady && (
        <textarea
          aria-label="SQL editor"
          name="sql"
          value={sql}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onSelect={(e) => {
            const t = e.currentTarget;
            onSelect(t.selectionStart !== t.selectionEnd ? t.value.slice(t.selectionStart, t.selectionEnd) : null);
          }}
          onKeyDown={onKeyDown}
          className="absolute inset-0 h-full w-full resize-none bg-white p-3 font-mono text-sm dark:bg-slate-900"
        />
      )}
    </div>
  );
}
