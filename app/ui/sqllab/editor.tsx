/**
 * The SQL text of a tab: a plain textarea first (usable at once), replaced by ace when it has
 * loaded. Keys: Ctrl/Cmd+Enter runs (the selection when there is one), Ctrl/Cmd+Shift+Enter runs
 * the statement under the cursor, Ctrl/Cmd+Shift+F formats, Ctrl/Cmd+E stops, Alt+T opens a new tab.
 * Autocomplete offers keywords, schemas, tables and columns of the tab's database and schema,
 * knowing the statement's aliases (app/lib/sqllab/autocomplete.ts).
 * Tab indents, as in any code editor; Escape then Tab (or Shift+Tab) leaves the editor, so the
 * keyboard is never trapped in it (WCAG 2.1.2). The text typed into the server-rendered textarea
 * before hydration is what ace starts from (the page hands it over as `sql`).
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Ace } from 'ace-builds';
import { findDialect } from '~/lib/sql/dialects';
import { buildIndex, flavorOf, suggest, type AutocompleteIndex, type SchemaTable } from '~/lib/sqllab/autocomplete';
import { statementAtCursor, type StatementAtCursor } from '~/lib/sql/statement-at-cursor';
import { keyOf, loadAce, loadSchemaIndex, type SchemaIndex } from './ace-loader';
import { DARK_THEME, LIGHT_THEME } from './editor-themes';

export type EditorCommands = {
  run: () => void;
  format: () => void;
  stop: () => void;
  newTab: () => void;
  /** Runs one statement: the Editor hands over the text of the statement under the cursor. */
  runStatement?: (sql: string) => void;
};
export type Completion = { value: string; meta: string };

/** For buttons outside the editor (through a ref): the statement under the cursor, and running it. */
export type EditorHandle = {
  statementAtCursor(): StatementAtCursor | null;
  runStatement(): void;
};

type Props = {
  tabId: string;
  sql: string;
  dark: boolean;
  /** Flat names from the left bar (each table, then its columns); used until the schema's columns arrive. */
  completions?: Completion[];
  /** The tab's database and schema: autocomplete loads every column of that schema. */
  dbId?: number | null;
  schema?: string | null;
  /** The database's engine (`backend` of the SQL Lab bootstrap); else learnt from the columns answer. */
  backend?: string | null;
  onChange: (sql: string) => void;
  onSelect: (selected: string | null) => void;
  commands: EditorCommands;
};

type LoadedIndex = { index: AutocompleteIndex; backend: string | null; state: 'local' | 'loading' | 'ready' | 'failed' };

/**
 * The index of the tab's database and schema once loaded. Until then, when it fails (the editor
 * works without it) and without a database: keywords and the flat `completions` list.
 */
function useAutocompleteIndex(dbId: number | null, schema: string | null, backend: string | null, completions: Completion[]): LoadedIndex {
  const [loaded, setLoaded] = useState<{ key: string; data: SchemaIndex | null } | null>(null);
  useEffect(() => {
    if (dbId === null) return;
    let live = true;
    const key = keyOf(dbId, schema);
    loadSchemaIndex(dbId, schema, backend).then(
      (data) => live && setLoaded({ key, data }),
      () => live && setLoaded({ key, data: null }),
    );
    return () => {
      live = false;
    };
  }, [dbId, schema, backend]);
  const current = dbId !== null && loaded?.key === keyOf(dbId, schema) ? loaded : null;
  // The props' array is new on every render: rebuild only when its content changes.
  const flat = completions.map((c) => `${c.meta === 'table' ? 't' : 'c'}${c.value}`).join('\u0000');
  const local = useMemo(() => buildIndex({ dialect: findDialect(backend), ...groupCompletions(flat) }), [backend, flat]);
  if (current?.data) return { index: current.data.index, backend: current.data.backend, state: 'ready' };
  return { index: local, backend, state: dbId === null ? 'local' : current ? 'failed' : 'loading' };
}

/** The flat list as the left bar builds it (each table followed by its columns), back into tables. */
function groupCompletions(flat: string): { tables: SchemaTable[]; looseColumns: string[] } {
  const tables: { table: string; columns: { name: string; type: string }[] }[] = [];
  const looseColumns: string[] = [];
  for (const entry of flat ? flat.split('\u0000') : []) {
    const name = entry.slice(1);
    if (entry[0] === 't') tables.push({ table: name, columns: [] });
    else if (tables.length > 0) tables[tables.length - 1].columns.push({ name, type: '' });
    else looseColumns.push(name);
  }
  return { tables, looseColumns };
}

/** Characters of a name, as the autocomplete reads them (ace's default also takes `-`). */
const IDENTIFIER = /[A-Za-z0-9_$\u00A2-\uFFFF]/;

type AutocompleteInternals = { updateCompletions(keep: boolean, options?: unknown): void; detach(): void; base?: { detach(): void } | null };

/**
 * Ace narrows the list it already has while the prefix grows; ours is capped at 100, so a longer
 * prefix must ask the index again (it answers in about a millisecond). Off a name, the popup closes.
 */
function requeryOnEveryKey(editor: Ace.Editor) {
  const autocomplete = editor.completer as unknown as AutocompleteInternals | undefined;
  if (!autocomplete) return;
  const original = autocomplete.updateCompletions.bind(autocomplete);
  autocomplete.updateCompletions = (keep, options) => {
    if (!keep) return original(keep, options);
    const { row, column } = editor.getCursorPosition();
    const before = editor.session.getLine(row)[column - 1] ?? '';
    if (!IDENTIFIER.test(before) && before !== '.') return autocomplete.detach();
    autocomplete.base?.detach();
    return original(false, options);
  };
}

export const Editor = forwardRef<EditorHandle, Props>(function Editor(
  { tabId, sql, dark, completions, dbId, schema, backend, onChange, onSelect, commands },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<Ace.Editor | null>(null);
  const loaded = useAutocompleteIndex(dbId ?? null, schema ?? null, backend ?? null, completions ?? []);
  const dialect = findDialect(backend ?? loaded.backend);
  // The tab's tables (the left bar's): the statement's own until it names some.
  const tabTables = (completions ?? []).filter((c) => c.meta === 'table').map((c) => c.value);
  const latest = useRef({ onChange, onSelect, commands, index: loaded.index, dialect, tabTables });
  latest.current = { onChange, onSelect, commands, index: loaded.index, dialect, tabTables };
  const [aceReady, setAceReady] = useState(false);

  const currentStatement = useCallback((): StatementAtCursor | null => {
    const editor = editorRef.current;
    const text = editor ? editor.getValue() : (textarea.current?.value ?? '');
    const offset = editor ? editor.session.doc.positionToIndex(editor.getCursorPosition(), 0) : (textarea.current?.selectionStart ?? 0);
    return statementAtCursor(text, offset, flavorOf(latest.current.dialect));
  }, []);
  const runStatement = useCallback(() => {
    const found = currentStatement();
    if (found) latest.current.commands.runStatement?.(found.sql);
  }, [currentStatement]);
  useImperativeHandle(ref, () => ({ statementAtCursor: currentStatement, runStatement }), [currentStatement, runStatement]);

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
        id: 'sightline-sql',
        identifierRegexps: [IDENTIFIER],
        triggerCharacters: ['.'],
        getCompletions: (_e, session, pos, _prefix, callback) => {
          const list = suggest(latest.current.index, session.getValue(), session.doc.positionToIndex(pos, 0), undefined, latest.current.tabTables);
          callback(null, list.map((s) => ({ caption: s.caption, value: s.value, meta: s.meta, score: s.score, docText: s.detail })));
        },
      };
      // Ours only: its keywords follow the database's dialect, and ace's word list would repeat them.
      editor.completers = [completer];
      requeryOnEveryKey(editor);
      editor.on('change', () => latest.current.onChange(editor.getValue()));
      editor.selection.on('changeSelection', () => {
        const text = editor.getSelectedText();
        latest.current.onSelect(text ? text : null);
      });
      const bind = (name: string, win: string, mac: string, exec: () => void) =>
        editor.commands.addCommand({ name, bindKey: { win, mac }, exec });
      bind('runQuery', 'Ctrl-Enter', 'Command-Enter', () => latest.current.commands.run());
      bind('runStatement', 'Ctrl-Shift-Enter', 'Command-Shift-Enter', runStatement);
      bind('formatQuery', 'Ctrl-Shift-F', 'Command-Shift-F', () => latest.current.commands.format());
      bind('stopQuery', 'Ctrl-E', 'Command-E', () => latest.current.commands.stop());
      bind('newTab', 'Alt-T', 'Option-T', () => latest.current.commands.newTab());
      releaseTabOnEscape(editor);
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
    editorRef.current?.setTheme(dark ? DARK_THEME : LIGHT_THEME);
  }, [dark, aceReady]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const act = (fn: () => void) => {
      event.preventDefault();
      fn();
    };
    if (mod && event.shiftKey && key === 'enter') act(runStatement);
    else if (mod && key === 'enter') act(commands.run);
    else if (mod && event.shiftKey && key === 'f') act(commands.format);
    else if (mod && key === 'e') act(commands.stop);
    else if (event.altKey && key === 't') act(commands.newTab);
  };

  // The host's class list is never changed by React once ace is in it: ace adds its own classes
  // (ace_editor, the theme's, the monospace font) there, and a re-render would drop them.
  return (
    <div className="relative h-full min-h-32 overflow-hidden rounded-md border border-slate-300 dark:border-slate-700" data-ace-ready={aceReady ? 'true' : 'false'}
      data-autocomplete={loaded.state}>
      <div className={`absolute inset-0 ${aceReady ? '' : 'invisible'}`}>
        <div ref={host} className="absolute inset-0" />
      </div>
      {!aceReady && (
        <textarea
          ref={textarea}
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
          className={EDITOR_TEXTAREA_CLASS}
        />
      )}
    </div>
  );
});

/** The plain editor's look, shared with the server-rendered page so the swap to ace does not move anything. */
export const EDITOR_TEXTAREA_CLASS = 'absolute inset-0 h-full w-full resize-none bg-white p-3 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100';

type AceCommand = { name: string; exec: (editor: Ace.Editor, args?: unknown) => unknown };

/**
 * Escape releases Tab and Shift+Tab once: the next one moves focus out of the editor (the command
 * answers false, so ace lets the browser have the key) instead of indenting. Any other key, or
 * focusing the editor again, takes them back. Escape still closes the autocomplete popup first
 * (its own key handler runs before the editor's).
 */
function releaseTabOnEscape(editor: Ace.Editor) {
  let released = false;
  editor.commands.addCommand({ name: 'releaseFocus', bindKey: { win: 'Esc', mac: 'Esc' }, exec: () => {
    released = true;
  } });
  for (const name of ['indent', 'blockoutdent']) {
    const command = (editor.commands as unknown as { byName: Record<string, AceCommand | undefined> }).byName[name];
    if (!command) continue;
    const original = command.exec;
    editor.commands.addCommand({ ...command, exec: (ed: Ace.Editor, args?: unknown) => (released ? false : original(ed, args)) } as Ace.Command);
  }
  editor.commands.on('afterExec', (e: { command: { name?: string } }) => {
    if (e.command.name !== 'releaseFocus') released = false;
  });
  editor.on('focus', () => {
    released = false;
  });
  editor.textInput.getElement().addEventListener('keydown', (event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Escape' && event.key !== 'Tab' && event.key !== 'Shift') released = false;
  });
}
