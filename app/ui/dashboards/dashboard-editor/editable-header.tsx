/** Headers (text typed in place; size and background from a menu) and dividers, in edit mode. */
import {
  BACKGROUND_TRANSPARENT, BACKGROUND_WHITE, HEADER_SIZES, MEDIUM_HEADER, type Background, type HeaderSize, type LayoutItem,
} from '~/lib/dashboard/layout';
import { Icon } from '~/ui/primitives/icon';
import { Menu, MenuAction } from '~/ui/primitives/menu';
import { ComponentItem, type Placement } from './component-item';
import { CONTROL, DeleteButton, DragHandle } from './component-controls';
import { useDashboardEditor } from './contract';
import { FRAME, HEADER_LEVELS, isWhite } from './editor-grid';
import { useCommittedText } from './use-committed-text';

const BACKGROUND_CHOICES: { value: Background; label: string }[] = [
  { value: BACKGROUND_TRANSPARENT, label: 'Transparent' },
  { value: BACKGROUND_WHITE, label: 'White' },
];

function Choice({ label, current, onClick }: { label: string; current: boolean; onClick: () => void }) {
  return (
    <MenuAction onClick={onClick}>
      <span className="flex items-center justify-between gap-2">
        <span>{label}{current && <span className="sr-only"> (selected)</span>}</span>
        {current && <span aria-hidden="true">✓</span>}
      </span>
    </MenuAction>
  );
}

export function EditableHeader({ item, placement }: { item: LayoutItem; placement: Placement }) {
  const { edit } = useDashboardEditor();
  const headerSize: HeaderSize = item.meta.headerSize && item.meta.headerSize in HEADER_LEVELS ? item.meta.headerSize : MEDIUM_HEADER;
  const text = useCommittedText(item.meta.text ?? '', (value) => edit({ type: 'updateMeta', id: item.id, meta: { text: value } }));
  return (
    <ComponentItem id={item.id} kind="header" placement={placement}
      className={`flex items-center gap-1 ${FRAME} ${isWhite(item) ? 'bg-white px-2 py-1 dark:bg-slate-900' : 'py-0.5'}`}>
      <DragHandle id={item.id} what="header" />
      <input aria-label="Header text" value={text.value} placeholder="Header text"
        onChange={(event) => text.onChange(event.target.value)} onBlur={text.flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') text.revert();
        }}
        className={`${HEADER_LEVELS[headerSize].size} min-w-0 flex-1 rounded bg-transparent px-1 font-semibold hover:bg-slate-50 focus:bg-white dark:hover:bg-slate-800 dark:focus:bg-slate-900`} />
      <Menu label="Header options" trigger={<Icon name="more-vertical" />} triggerClassName={CONTROL} anchor="bottom end">
        <p className="px-3 pt-1 text-xs font-medium text-slate-500 dark:text-slate-400">Size</p>
        {HEADER_SIZES.map((size) => (
          <Choice key={size} label={HEADER_LEVELS[size].label} current={size === headerSize}
            onClick={() => edit({ type: 'updateMeta', id: item.id, meta: { headerSize: size } })} />
        ))}
        <p className="px-3 pt-2 text-xs font-medium text-slate-500 dark:text-slate-400">Background</p>
        {BACKGROUND_CHOICES.map((choice) => (
          <Choice key={choice.value} label={choice.label} current={(item.meta.background ?? BACKGROUND_TRANSPARENT) === choice.value}
            onClick={() => edit({ type: 'updateMeta', id: item.id, meta: { background: choice.value } })} />
        ))}
      </Menu>
      <DeleteButton id={item.id} what="header" />
    </ComponentItem>
  );
}

export function EditableDivider({ item, placement }: { item: LayoutItem; placement: Placement }) {
  return (
    <ComponentItem id={item.id} kind="divider" placement={placement} className={`flex items-center gap-1 py-1 ${FRAME}`}>
      <DragHandle id={item.id} what="divider" />
      <hr className="flex-1 border-slate-300 dark:border-slate-700" />
      <DeleteButton id={item.id} what="divider" />
    </ComponentItem>
  );
}
