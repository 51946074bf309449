/**
 * Markdown in edit mode: the sanitised preview (renderMarkdown, as view mode draws it), which
 * becomes the source's textarea on a click or the Edit button; the source is committed as one
 * step when typing pauses or the textarea is left.
 */
import { useState } from 'react';
import { GRID_BASE_UNIT, GRID_DEFAULT_MARKDOWN_HEIGHT, type LayoutItem } from '~/lib/dashboard/layout';
import { renderMarkdown } from '~/lib/dashboard/markdown';
import { ComponentItem, type Placement } from './component-item';
import { DeleteButton, DragHandle, useResize } from './component-controls';
import { useDashboardEditor } from './contract';
import { FRAME, MARKDOWN_CLASS } from './editor-grid';
import { useCommittedText } from './use-committed-text';

export const EMPTY_MARKDOWN = 'Click here to write markdown';

export function EditableMarkdown({ item, placement }: { item: LayoutItem; placement: Placement }) {
  const { edit } = useDashboardEditor();
  const [editing, setEditing] = useState(false);
  const source = useCommittedText(typeof item.meta.code === 'string' ? item.meta.code : '', (code) => edit({ type: 'updateMeta', id: item.id, meta: { code } }));
  const { size, handle } = useResize(item, 'markdown', placement.columns);
  const height = (size.height ?? GRID_DEFAULT_MARKDOWN_HEIGHT) * GRID_BASE_UNIT;
  const leave = () => {
    source.flush();
    setEditing(false);
  };
  return (
    <ComponentItem id={item.id} kind="markdown" placement={placement} width={size.width}
      className={`relative flex flex-col rounded-md bg-white p-2 dark:bg-slate-900 ${FRAME}`} style={{ minHeight: height }}>
      <div className="mb-1 flex items-center gap-1">
        <DragHandle id={item.id} what="markdown" />
        <span className="flex-1" />
        {/* Pressing it must not blur the textarea first (which would already leave editing). */}
        <button type="button" aria-label={editing ? 'Preview markdown' : 'Edit markdown'}
          className="rounded px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          onMouseDown={(event) => event.preventDefault()} onClick={() => (editing ? leave() : setEditing(true))}>
          {editing ? 'Preview' : 'Edit'}
        </button>
        <DeleteButton id={item.id} what="markdown" />
      </div>
      {editing ? (
        <textarea aria-label="Markdown source" autoFocus value={source.value} spellCheck={false}
          onChange={(event) => source.onChange(event.target.value)} onBlur={leave}
          onKeyDown={(event) => event.key === 'Escape' && leave()}
          className="min-h-24 w-full flex-1 resize-none rounded border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950" />
      ) : source.value.trim() ? (
        <div className={`flex-1 cursor-text ${MARKDOWN_CLASS}`} data-markdown-preview=""
          // A link in the preview must not leave the editor: a click anywhere edits the source.
          onClick={(event) => {
            event.preventDefault();
            setEditing(true);
          }}
          // renderMarkdown escapes every character of the source and writes only its own tags (app/lib/dashboard/markdown.ts).
          dangerouslySetInnerHTML={{ __html: renderMarkdown(source.value) }} />
      ) : (
        <p className="flex flex-1 cursor-text items-center justify-center text-sm text-slate-500 dark:text-slate-400" onClick={() => setEditing(true)}>
          {EMPTY_MARKDOWN}
        </p>
      )}
      {handle}
    </ComponentItem>
  );
}
