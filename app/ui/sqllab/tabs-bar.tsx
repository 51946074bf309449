/**
 * The editor's tabs: switch (click, or arrow keys within the tab list), add, rename (double-click
 * or F2), close, close the others. The tab list holds only the tabs (ARIA allows nothing else in
 * it); the active tab's menu and close button follow the list, so every control stays reachable.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { QueryEditor } from '~/lib/sqllab/reducer';
import { Button, buttonClass } from '../primitives/button';
import { Icon } from '../primitives/icon';
import { Menu, MenuAction } from '../primitives/menu';
import { Tooltip } from '../primitives/tooltip';

type Props = {
  tabs: QueryEditor[];
  activeId: string | null;
  onSwitch: (id: string) => void;
  onAdd: () => void;
  onClose: (id: string) => void;
  onCloseOthers: (id: string) => void;
  onRename: (id: string, name: string) => void;
};

/** The bar's frame and a tab's look, shared with the server-rendered page (static-sqllab.tsx). */
export const TABS_BAR_CLASS = 'flex min-h-10 shrink-0 items-end gap-1 border-b border-slate-200 dark:border-slate-800';
export const TAB_LIST_CLASS = 'flex min-w-0 items-end gap-1 overflow-x-auto';
export const tabClass = (active: boolean) =>
  `shrink-0 whitespace-nowrap rounded-t-md border border-b-0 px-3 py-1.5 text-sm font-medium ${
    active ? 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900' : 'border-transparent bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
  }`;

export function TabsBar({ tabs, activeId, onSwitch, onAdd, onClose, onCloseOthers, onRename }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const active = tabs.find((t) => t.id === activeId) ?? null;

  // Arrow keys, Home and End move between tabs and switch to the one reached (tabs with automatic activation).
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === activeId);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves) || tabs.length === 0) return;
    event.preventDefault();
    const target = tabs[(moves[event.key] + tabs.length) % tabs.length];
    onSwitch(target.id);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(target.id)}"]`)?.focus());
  };

  return (
    <div className={TABS_BAR_CLASS}>
      <div ref={list} role="tablist" aria-label="Query tabs" className={TAB_LIST_CLASS} onKeyDown={editing ? undefined : onListKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          return editing === tab.id ? (
            // Stands in for the tab while it is renamed: an input is not a tab, so it is presentational here.
            <span key={tab.id} role="presentation" className={tabClass(selected)}>
              <input
                autoFocus
                aria-label="Tab name"
                defaultValue={tab.name}
                className="w-40 bg-transparent text-sm"
                onBlur={(e) => {
                  onRename(tab.id, e.target.value);
                  setEditing(null);
                }}
                onKeyDown={(e) => {
                  e.stopPropagation();
                  if (e.key === 'Enter') e.currentTarget.blur();
                  if (e.key === 'Escape') setEditing(null);
                }}
              />
            </span>
          ) : (
            <button key={tab.id} type="button" role="tab" aria-selected={selected} tabIndex={selected ? 0 : -1} data-tab-id={tab.id}
              onClick={() => onSwitch(tab.id)} onDoubleClick={() => setEditing(tab.id)} onKeyDown={(e) => e.key === 'F2' && setEditing(tab.id)}
              title="Double-click (or F2) to rename" className={tabClass(selected)}>
              {tab.name}
            </button>
          );
        })}
      </div>
      {active && (
        <div className="mb-0.5 flex shrink-0 items-center">
          <Menu label={`Actions for ${active.name}`} triggerClassName={buttonClass('ghost', 'icon')}
            trigger={<Icon name="more-vertical" className="h-4 w-4" />}>
            <MenuAction onClick={() => onClose(active.id)}>Close tab</MenuAction>
            <MenuAction onClick={() => setEditing(active.id)}>Rename tab</MenuAction>
            <MenuAction onClick={() => onCloseOthers(active.id)}>Close all other tabs</MenuAction>
          </Menu>
          <Button variant="ghost" size="icon" aria-label={`Close ${active.name}`} onClick={() => onClose(active.id)}>
            <Icon name="close" className="h-4 w-4" />
          </Button>
        </div>
      )}
      <Tooltip content="New tab (Alt+T)">
        <Button variant="ghost" size="icon" onClick={onAdd} aria-label="New tab" className="mb-0.5 shrink-0"><Icon name="plus" className="h-5 w-5" /></Button>
      </Tooltip>
    </div>
  );
}
