/** The editor's tabs: switch, add, close, close others (menu), rename by double-click. */
import { useState } from 'react';
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
              <Menu label={`Actions for ${tab.name}`} triggerClassName={buttonClass('ghost', 'icon')}
                trigger={<Icon name="more-vertical" className="h-4 w-4" />}>
                <MenuAction onClick={() => onClose(tab.id)}>Close tab</MenuAction>
                <MenuAction onClick={() => setEditing(tab.id)}>Rename tab</MenuAction>
                <MenuAction onClick={() => onCloseOthers(tab.id)}>Close all other tabs</MenuAction>
              </Menu>
              <Button variant="ghost" size="icon" aria-label={`Close ${tab.name}`} onClick={() => onClose(tab.id)} className="mr-1">
                <Icon name="close" className="h-4 w-4" />
              </Button>
            </div>
          );
        })}
      </div>
      <Tooltip content="New tab (Alt+T)">
        <Button variant="ghost" size="icon" onClick={onAdd} aria-label="New tab" className="mb-1"><Icon name="plus" className="h-5 w-5" /></Button>
      </Tooltip>
    </div>
  );
}
