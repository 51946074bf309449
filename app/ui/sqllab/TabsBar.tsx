/** The editor's tabs: switch, add, close, close others (menu), rename by double-click. */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import type { QueryEditor } from '~/lib/sqllab/reducer';

type Props = {
  tabs: QueryEditor[];
  activeId: string | null;
  onSwitch: (id: string) => void;
  onAdd: () => void;
  onClose: (id: string) => void;
  onCloseOthers: (id: string) => void;
  onRename: (id: string, name: string) => void;
};

const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';

export function TabsBar({ tabs, activeId, onSwitch, onAdd, onClose, onCloseOthers, onRename }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex items-end gap-1 border-b border-slate-200 dark:border-slate-800">
      <div role="tablist" aria-label="Query tabs" className="flex flex-wrap items-end gap-1">
        {tabs.map((tab) => {
          const active = tab.id === activeId;
          return (
            <div key={tab.id} className={`flex items-center rounded-t-md border border-b-0 ${active ? 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900' : 'border-transparent bg-slate-100 dark:bg-slate-800'}`}>
              {editing === tab.id ? (
                <input
                  autoFocus
                  aria-label="Tab name"
                  defaultValue={tab.name}
                  className="w-40 bg-transparent px-2 py-1 text-sm"
                  onBlur={(e) => {
                    onRename(tab.id, e.target.value);
                    setEditing(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                    if (e.key === 'Escape') setEditing(null);
                  }}
                />
              ) : (
                <button type="button" role="tab" aria-selected={active} onClick={() => onSwitch(tab.id)} onDoubleClick={() => setEditing(tab.id)}
                  onKeyDown={(e) => e.key === 'F2' && setEditing(tab.id)} title="Double-click (or F2) to rename"
                  className="px-3 py-1.5 text-sm font-medium">
                  {tab.name}
                </button>
              )}
              <Menu as="div" className="relative">
                <MenuButton aria-label={`Actions for ${tab.name}`} className="px-1 text-slate-500 hover:text-slate-900 dark:hover:text-white">⋮</MenuButton>
                <MenuItems anchor="bottom start" className="z-40 mt-1 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
                  <MenuItem><button type="button" className={itemClass} onClick={() => onClose(tab.id)}>Close tab</button></MenuItem>
                  <MenuItem><button type="button" className={itemClass} onClick={() => setEditing(tab.id)}>Rename tab</button></MenuItem>
                  <MenuItem><button type="button" className={itemClass} onClick={() => onCloseOthers(tab.id)}>Close all other tabs</button></MenuItem>
                </MenuItems>
              </Menu>
              <button type="button" aria-label={`Close ${tab.name}`} onClick={() => onClose(tab.id)} className="px-2 text-slate-500 hover:text-slate-900 dark:hover:text-white">×</button>
            </div>
          );
        })}
      </div>
      <button type="button" onClick={onAdd} aria-label="New tab" title="New tab (Alt+T)" className="mb-1 rounded px-2 py-1 text-lg leading-none hover:bg-slate-100 dark:hover:bg-slate-800">+</button>
    </div>
  );
}
