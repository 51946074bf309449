/**
 * The tabs of the metric, column and filter editors. Unlike the page's Tabs primitive (sections
 * that become tabs on hydration), an editor exists only in the browser and a tab can be disabled
 * with a reason (a dataset that disallows adhoc metrics), shown as the tab's tooltip.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Tooltip } from '~/ui/primitives/tooltip';

export type EditorTab<K extends string> = { key: K; title: string; body: ReactNode; disabledReason?: string | null };

type Props<K extends string> = {
  /** Names the tab list ('Metric type'). */
  label: string;
  idPrefix: string;
  tabs: EditorTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

const tabClass = '-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export function EditorTabs<K extends string>({ label, idPrefix, tabs, selected, onSelect }: Props<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tabs.map((tab, index) => (tab.disabledReason ? -1 : index)).filter((index) => index >= 0);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = enabled.indexOf(tabs.findIndex((tab) => tab.key === selected));
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || enabled.length === 0) return;
    event.preventDefault();
    const next = enabled[(at + step + enabled.length) % enabled.length];
    onSelect(tabs[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="mb-3 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          const button = (
            <button
              key={tab.key}
              ref={(node) => {
                refs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-${tab.key}-tab`}
              aria-controls={`${idPrefix}-${tab.key}-panel`}
              aria-selected={isSelected}
              aria-disabled={tab.disabledReason ? true : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => !tab.disabledReason && onSelect(tab.key)}
              className={`${tabClass} ${isSelected ? 'border-brand-600 text-brand-700 dark:text-white' : 'border-transparent text-slate-600 dark:text-slate-300'}`}
            >
              {tab.title}
            </button>
          );
          return tab.disabledReason ? (
            <Tooltip key={tab.key} content={tab.disabledReason}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.key} role="tabpanel" id={`${idPrefix}-${tab.key}-panel`} aria-labelledby={`${idPrefix}-${tab.key}-tab`} hidden={tab.key !== selected} className="space-y-3">
          {tab.key === selected && tab.body}
        </div>
      ))}
    </div>
  );
}
