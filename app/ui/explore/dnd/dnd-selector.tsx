/**
 * A drag-and-drop selector (Superset's DndSelectLabel and its option rows): the chosen items as
 * rows (edit by clicking the label, Remove, drag to reorder, a function icon for derived items, a
 * warning for inherited or incompatible ones), a ghost button that opens the editor for a new
 * item, and a drop zone for the dataset pane's metrics and columns. A drop either adds the item
 * at once or opens the editor pre-filled in a dialog (a drop has no button to anchor a popover).
 * Everything a drag does can be done by clicking, so the keyboard reaches all of it.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { canDrop, moveItem, resolveDrop, type DropDataset, type DropOutcome, type DropTarget } from '~/lib/explore/drop-rules';
import { Dialog } from '~/ui/primitives/dialog';
import { Icon } from '~/ui/primitives/icon';
import { Popover } from '~/ui/primitives/popover';
import { Tooltip } from '~/ui/primitives/tooltip';
import { draggedItem, endItemDrag, isItemDrag, isOptionDrag, readItemDrag, readOptionDrag, startOptionDrag } from './drag-data';

/** What an option row shows for an item. */
export type OptionLook = {
  key: string;
  label: string;
  /** A derived item (adhoc metric, SQL column, SQL filter): the function icon. */
  derived: boolean;
  /** A warning icon's tooltip (inherited filter, item missing from the dataset), or null. */
  warning: string | null;
};

export type EditorArgs<T> = { value: T | null; isNew: boolean; onSave: (value: T) => void; onClose: () => void };

export type DndSelectorProps<T> = {
  /** The control's id: the panel's label is `${id}-label`. */
  id: string;
  /** The control's label (names the group when the panel draws none). */
  label: string;
  ghostText: string;
  items: T[];
  multi: boolean;
  look: (item: T) => OptionLook;
  onChange: (items: T[]) => void;
  /** The editor popover's (or dialog's) title for an item, or a new one. */
  editorTitle: (item: T | null) => string;
  editorWidth: number;
  renderEditor: (args: EditorArgs<T>) => ReactNode;
  dropTarget: DropTarget;
  dataset: DropDataset | null;
  /** A drop's outcome as an item to add or a draft to edit; null ignores it. */
  fromDrop: (outcome: DropOutcome) => { add: T } | { edit: T } | null;
  /** aria-describedby / aria-invalid of the group (the panel's description and errors). */
  aria?: { 'aria-describedby'?: string; 'aria-invalid'?: true };
};

const ghostClass =
  'flex w-full items-center gap-2 rounded-md border border-dashed border-slate-300 px-3 py-2 text-left text-sm text-slate-600 hover:border-brand-500 hover:text-brand-700 dark:border-slate-600 dark:text-slate-300';

export function DndSelector<T>(props: DndSelectorProps<T>) {
  const { id, label, ghostText, items, multi, look, onChange, editorTitle, editorWidth, renderEditor, dropTarget, dataset, fromDrop, aria } = props;
  const [dropState, setDropState] = useState<'accept' | 'reject' | null>(null);
  const [dropDraft, setDropDraft] = useState<{ value: T } | null>(null);
  const [reorderOver, setReorderOver] = useState<number | null>(null);

  const add = (value: T) => onChange(multi ? [...items, value] : [value]);
  const replace = (index: number, value: T) => onChange(items.map((item, i) => (i === index ? value : item)));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));

  const onDragOver = (event: DragEvent) => {
    if (!isItemDrag(event) || !dataset) return;
    const item = draggedItem();
    // An item from another window is only known at the drop; let it come and decide there.
    const ok = item ? canDrop(dropTarget, item, dataset) : true;
    setDropState(ok ? 'accept' : 'reject');
    if (ok) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (event: DragEvent) => {
    setDropState(null);
    if (!isItemDrag(event) || !dataset) return;
    event.preventDefault();
    const item = readItemDrag(event);
    endItemDrag();
    if (!item) return;
    const next = fromDrop(resolveDrop(dropTarget, item, dataset));
    if (!next) return;
    if ('add' in next) add(next.add);
    else setDropDraft({ value: next.edit });
  };

  const rowDrop = (index: number) => ({
    onDragOver: (event: DragEvent) => {
      if (!isOptionDrag(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setReorderOver(index);
    },
    onDragLeave: () => setReorderOver(null),
    onDrop: (event: DragEvent) => {
      if (!isOptionDrag(event)) return;
      event.preventDefault();
      event.stopPropagation();
      setReorderOver(null);
      const from = readOptionDrag(event, id);
      if (from !== null) onChange(moveItem(items, from, index));
    },
  });

  const showGhost = multi || items.length === 0;
  return (
    <div
      role="group"
      id={id}
      aria-labelledby={`${id}-label`}
      aria-label={label}
      {...aria}
      onDragOver={onDragOver}
      onDragLeave={() => setDropState(null)}
      onDrop={onDrop}
      data-drop-state={dropState ?? undefined}
      className={`space-y-1 rounded-md p-1 ${dropState === 'accept' ? 'bg-brand-50 ring-2 ring-brand-500 dark:bg-slate-800' : dropState === 'reject' ? 'ring-2 ring-rose-400' : ''}`}
    >
      {items.length > 0 && (
        <ul className="space-y-1" aria-label={`Selected ${label.toLowerCase()}`}>
          {items.map((item, index) => {
            const option = look(item);
            const reorderable = multi && items.length > 1;
            return (
              <li
                key={`${option.key}-${index}`}
                draggable={reorderable}
                onDragStart={
                  reorderable
                    ? (event) => {
                        // Text dragged inside an open editor bubbles here too; only the row itself moves.
                        if (event.target === event.currentTarget) startOptionDrag(event, id, index);
                      }
                    : undefined
                }
                {...(reorderable ? rowDrop(index) : {})}
                className={`flex items-center gap-1 rounded-md border bg-slate-50 text-sm dark:bg-slate-800 ${reorderOver === index ? 'border-brand-500' : 'border-slate-200 dark:border-slate-700'}`}
              >
                <button type="button" aria-label="Remove" title="Remove" onClick={() => remove(index)}
                  className="border-r border-slate-200 px-1.5 py-1.5 text-slate-500 hover:text-rose-700 dark:border-slate-700">
                  <Icon name="close" />
                </button>
                <div className="min-w-0 flex-1">
                  <Popover
                    title={editorTitle(item)}
                    width={editorWidth}
                    triggerClassName="w-full truncate px-1 py-1.5 text-left hover:text-brand-700"
                    trigger={option.label}
                  >
                    {(close) => renderEditor({ value: item, isNew: false, onClose: close, onSave: (value) => { replace(index, value); close(); } })}
                  </Popover>
                </div>
                {option.derived && (
                  <span role="img" aria-label="Custom SQL or ad-hoc" title="Custom SQL or ad-hoc" className="px-1 font-serif italic text-slate-500">
                    ƒ
                  </span>
                )}
                {option.warning && (
                  <Tooltip content={option.warning}>
                    <span role="img" tabIndex={0} aria-label="Warning" className="px-1 text-amber-600">
                      ⚠
                    </span>
                  </Tooltip>
                )}
                {reorderable && (
                  <span aria-hidden className="cursor-grab px-1 text-slate-400" title="Drag to reorder">
                    ⋮⋮
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {showGhost && (
        <Popover title={editorTitle(null)} width={editorWidth} triggerLabel={ghostText} triggerClassName={ghostClass}
          trigger={<><Icon name="plus" /><span>{ghostText}</span></>}>
          {(close) => renderEditor({ value: null, isNew: true, onClose: close, onSave: (value) => { add(value); close(); } })}
        </Popover>
      )}
      <Dialog open={dropDraft !== null} onClose={() => setDropDraft(null)} title={dropDraft ? editorTitle(dropDraft.value) : ''} width={editorWidth + 48}>
        {dropDraft && (
          <div className="mt-3">
            {renderEditor({ value: dropDraft.value, isNew: true, onClose: () => setDropDraft(null), onSave: (value) => { add(value); setDropDraft(null); } })}
          </div>
        )}
      </Dialog>
    </div>
  );
}
