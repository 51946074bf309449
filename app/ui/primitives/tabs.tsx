/**
 * Sections that become tabs once the page has hydrated. In the server's HTML (and so without
 * JavaScript) every section is on the page under its own heading; after hydration Headless UI
 * tabs show one at a time (arrow keys move between tabs). Hidden panels stay mounted, so the
 * fields of a form inside them are still submitted.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useHydrated } from '../use-hydrated';

export type TabItem = { id: string; title: string; body: ReactNode };

type Props = {
  /** Names the tab list. */
  label: string;
  items: TabItem[];
  selectedIndex: number;
  onChange: (index: number) => void;
  /** Prefix of the stacked sections' heading ids: `<prefix>-<item id>`. */
  idPrefix?: string;
};

const tabClass =
  '-mb-px rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:text-brand-700 dark:text-slate-300 dark:hover:text-white dark:data-[selected]:text-white';

export function Tabs({ label, items, selectedIndex, onChange, idPrefix = 'section' }: Props) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className="space-y-8">
        {items.map((item) => (
          <section key={item.id} aria-labelledby={`${idPrefix}-${item.id}`} className="space-y-4">
            <h2 id={`${idPrefix}-${item.id}`} className="border-b border-slate-200 pb-1 text-lg font-semibold dark:border-slate-800">{item.title}</h2>
            {item.body}
          </section>
        ))}
      </div>
    );
  }
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList aria-label={label} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {items.map((item) => <Tab key={item.id} className={tabClass}>{item.title}</Tab>)}
      </TabList>
      <TabPanels className="pt-4">
        {items.map((item) => (
          <TabPanel key={item.id} unmount={false} className="focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500">{item.body}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
