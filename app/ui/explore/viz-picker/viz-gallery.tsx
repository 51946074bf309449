/**
 * The body of the 'Select a visualization type' dialog (spec section 2, "Chart-type picker"): a
 * sidebar (All charts; Recommended tags, Category and Tags, each collapsible), a search box, the
 * grid of chart types and the details of the selected one. A click selects a type, a double click
 * confirms it. Selection is the caller's (the dialog's Select button confirms it); the sidebar,
 * the search and the open sections are this component's own.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  entriesForSelector,
  RECOMMENDED_TAGS,
  sameSelector,
  searchVizTypes,
  vizCategories,
  vizTags,
  type VizSelector,
} from '~/lib/explore/viz-search';
import { Icon } from '~/ui/primitives/icon';
import { Tooltip } from '~/ui/primitives/tooltip';
import type { VizMetadata } from '~/viz/types';
import { LABEL_EXPLANATIONS, type VizEntry } from './viz-entries';
import { VizThumbnail } from './viz-thumbnail';

export type VizGalleryProps = {
  entries: VizEntry[];
  selected: string | null;
  onSelect: (vizType: string) => void;
  onConfirm: (vizType: string) => void;
};

type SectionId = 'recommended' | 'category' | 'tags';

export function VizGallery({ entries, selected, onSelect, onConfirm }: VizGalleryProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [selector, setSelector] = useState<VizSelector>({ kind: 'all' });
  const [open, setOpen] = useState<Record<SectionId, boolean>>({ recommended: true, category: true, tags: true });

  const categories = useMemo(() => vizCategories(entries), [entries]);
  const tags = useMemo(() => vizTags(entries), [entries]);
  const searching = query.trim() !== '';
  const shown = useMemo(() => (searching ? searchVizTypes(entries, query) : entriesForSelector(entries, selector)), [entries, query, searching, selector]);
  const selectedEntry = entries.find((e) => e.key === selected) ?? null;

  const choose = (next: VizSelector) => {
    setQuery('');
    setSelector(next);
  };
  const sidebarItem = (item: VizSelector, label: string) => (
    <li key={label}>
      <button
        type="button"
        aria-pressed={!searching && sameSelector(selector, item)}
        onClick={() => choose(item)}
        className="w-full rounded px-2 py-1 text-left text-sm hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:font-medium aria-pressed:text-brand-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800 dark:aria-pressed:text-brand-100"
      >
        {label}
      </button>
    </li>
  );

  return (
    <div className="mt-4 grid h-[70vh] min-h-0 grid-cols-[minmax(14em,1fr)_5fr] grid-rows-[minmax(100px,1fr)_minmax(180px,35%)] gap-x-4">
      <nav aria-label="Chart type filters" className="min-h-0 overflow-y-auto border-r border-slate-200 pr-2 dark:border-slate-700">
        <ul>{sidebarItem({ kind: 'all' }, 'All charts')}</ul>
        <SidebarSection id="recommended" title="Recommended tags" open={open.recommended} onToggle={() => setOpen((o) => ({ ...o, recommended: !o.recommended }))}>
          {RECOMMENDED_TAGS.map((tag) => sidebarItem({ kind: 'recommended', tag }, tag))}
        </SidebarSection>
        <SidebarSection id="category" title="Category" open={open.category} onToggle={() => setOpen((o) => ({ ...o, category: !o.category }))}>
          {categories.map((category) => sidebarItem({ kind: 'category', category }, category))}
        </SidebarSection>
        <SidebarSection id="tags" title="Tags" open={open.tags} onToggle={() => setOpen((o) => ({ ...o, tags: !o.tags }))}>
          {tags.map((tag) => sidebarItem({ kind: 'tag', tag }, tag))}
        </SidebarSection>
      </nav>

      <div className="flex min-h-0 flex-col">
        <label htmlFor={searchId} className="sr-only">Search all charts</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search all charts"
          autoComplete="off"
          className="mb-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <div role="group" aria-label="Chart types" className="grid min-h-0 flex-1 auto-rows-max grid-cols-[repeat(auto-fill,6rem)] justify-evenly gap-2 overflow-y-auto p-1">
          {shown.map((entry) => (
            <VizTile key={entry.key} entry={entry} selected={entry.key === selected} onSelect={onSelect} onConfirm={onConfirm} />
          ))}
          {shown.length === 0 && <p className="col-span-full py-6 text-center text-sm text-slate-600 dark:text-slate-400">No charts match the search.</p>}
        </div>
      </div>

      <div className="col-span-2 min-h-0 overflow-y-auto border-t border-slate-200 pt-3 dark:border-slate-700">
        {selectedEntry ? (
          <VizDetails metadata={selectedEntry.metadata} />
        ) : (
          <p className="flex h-full items-center justify-center text-sm italic text-slate-500">Select a visualization type</p>
        )}
      </div>
    </div>
  );
}

function SidebarSection({ id, title, open, onToggle, children }: { id: string; title: string; open: boolean; onToggle: () => void; children: ReactNode }) {
  const listId = `${useId()}-${id}`;
  return (
    <div className="mt-2">
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={onToggle}
        className="flex w-full items-center gap-1 px-1 py-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        {title}
      </button>
      <ul id={listId} hidden={!open}>{children}</ul>
    </div>
  );
}

function VizTile({ entry, selected, onSelect, onConfirm }: { entry: VizEntry; selected: boolean; onSelect: (key: string) => void; onConfirm: (key: string) => void }) {
  const { metadata } = entry;
  return (
    <button
      type="button"
      aria-label={metadata.name}
      aria-pressed={selected}
      data-viz-type={entry.key}
      onClick={() => onSelect(entry.key)}
      onDoubleClick={() => onConfirm(entry.key)}
      className="flex w-24 flex-col items-center gap-1 rounded-md p-1 text-center text-xs hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:ring-2 aria-pressed:ring-brand-500 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800"
    >
      <VizThumbnail metadata={metadata} />
      <span className="leading-tight">{metadata.name}</span>
      {metadata.label && <Badge label={metadata.label} />}
    </button>
  );
}

function Badge({ label }: { label: NonNullable<VizMetadata['label']> }) {
  const tone = label === 'DEPRECATED' ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100';
  return <span className={`rounded px-1.5 py-0.5 text-[0.65rem] font-semibold uppercase ${tone}`}>{label}</span>;
}

/** The selected type: name, badge (its meaning on hover or focus), tags, description and examples. */
export function VizDetails({ metadata }: { metadata: VizMetadata }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-semibold">{metadata.name}</h3>
          {metadata.label && (
            <Tooltip content={LABEL_EXPLANATIONS[metadata.label]}>
              <button type="button" className="cursor-help rounded">
                <Badge label={metadata.label} />
              </button>
            </Tooltip>
          )}
        </div>
        {metadata.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {metadata.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">{tag}</li>
            ))}
          </ul>
        )}
        <p className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{metadata.description || 'No description available.'}</p>
      </div>
      {metadata.exampleGallery.length > 0 && (
        <div className="min-w-0">
          <h4 className="mb-2 text-sm font-semibold">Examples</h4>
          <div className="flex gap-3 overflow-x-auto">
            {metadata.exampleGallery.map((example) => (
              <img key={example.url} src={example.url} alt={example.caption ?? `${metadata.name} example`} title={example.caption}
                className="h-32 rounded border border-slate-200 dark:border-slate-700" />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
