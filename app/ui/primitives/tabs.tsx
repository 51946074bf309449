/**
 * Sections that become tabs once the page has hydrated. In the server's HTML (and so without
 * JavaScript) every section is on the page under its own heading; after hydration a tab list
 * shows one at a time (arrow keys, Home and End move between tabs, WAI-ARIA's tabs pattern).
 *
 * The sections are the same elements in both modes, only hidden or labelled differently, so
 * React keeps their DOM across hydration: what a user typed into a form field before the page
 * hydrated stays there (a tree that swapped to other elements would remount the fields and
 * drop it). Hidden panels stay in the form, so their fields are still submitted.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '../use-hydrated';

export type TabItem = { id: string; title: string; body: ReactNode };

type Props = {
  /** Names the tab list. */
  label: string;
  items: TabItem[];
  selectedIndex: number;
  onChange: (index: number) => void;
  /** Prefix of the sections' ids: `<prefix>-<item id>` (heading), `-tab` and `-panel`. */
  idPrefix?: string;
};

const tabClass =
  '-mb-px shrink-0 whitespace-nowrap rounded-t-md border-b-2 px-3 py-2 sm:px-4 text-sm font-medium hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-white';
const selectedTabClass = 'border-brand-600 text-brand-700 dark:text-white';
const otherTabClass = 'border-transparent text-slate-600 dark:text-slate-300';

/** The index a key press on the tab list moves to, or null for keys the tab list leaves alone. */
function targetIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight': return (current + 1) % count;
    case 'ArrowLeft': return (current - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

export function Tabs({ label, items, selectedIndex, onChange, idPrefix = 'section' }: Props) {
  const hydrated = useHydrated();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = Math.min(Math.max(selectedIndex, 0), items.length - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = targetIndex(event.key, selected, items.length);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    tabRefs.current[next]?.focus();
  };
  const ids = (item: TabItem) => ({ heading: `${idPrefix}-${item.id}`, tab: `${idPrefix}-${item.id}-tab`, panel: `${idPrefix}-${item.id}-panel` });

  return (
    <div className={hydrated ? '' : 'space-y-8'}>
      {hydrated && (
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown}
          className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
          {items.map((item, index) => (
            <button key={item.id} ref={(node) => { tabRefs.current[index] = node; }} type="button" role="tab"
              id={ids(item).tab} aria-selected={index === selected} aria-controls={ids(item).panel}
              tabIndex={index === selected ? 0 : -1} onClick={() => onChange(index)}
              className={`${tabClass} ${index === selected ? selectedTabClass : otherTabClass}`}>
              {item.title}
            </button>
          ))}
        </div>
      )}
      {items.map((item, index) => (
        <section key={item.id} id={ids(item).panel}
          role={hydrated ? 'tabpanel' : undefined}
          aria-labelledby={hydrated ? ids(item).tab : ids(item).heading}
          hidden={hydrated && index !== selected}
          tabIndex={hydrated ? 0 : undefined}
          className="space-y-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          {!hydrated && (
            <h2 id={ids(item).heading} className="border-b border-slate-200 pb-1 text-lg font-semibold dark:border-slate-800">{item.title}</h2>
          )}
          {item.body}
        </section>
      ))}
    </div>
  );
}
