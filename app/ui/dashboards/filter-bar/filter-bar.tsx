/**
 * The dashboard's native filter bar (issue 14): a GET form (`nf=1`, `nf.<id>…`, see
 * app/lib/dashboard/native-filters/url.ts) carrying the page's other parameters, so choosing
 * values and pressing 'Apply filters' reloads the page with the charts filtered and drawn on the
 * server, with or without scripts. Vertical, it is a 260px column beside the layout (collapsible
 * once hydrated); horizontal, a row above it whose filters that do not fit go into 'More filters'
 * once hydrated (without scripts they all show, wrapping).
 *
 * The fields hold a draft (the values in force until edited): 'Clear all' empties the draft and
 * does not query; the charts change on Apply. Without scripts a form cannot be emptied in place,
 * so 'Clear all' submits a second form holding only `nf=1` and the carried parameters: the page
 * reloads with every filter cleared (a reload is the only way to change a page without scripts).
 *
 * Hydrated and given `apply`, the form's submit stays in the page: the mask its fields stand for
 * (apply-filters.ts, loaded on first use) is applied without a reload (use-apply-data-mask.ts) and
 * Apply is disabled until the charts are redrawn. In instant mode (`filters.instant`) there is no
 * Apply button: each completed change (a select's choice, a number left or confirmed with Enter, a
 * slider let go) applies the bar once, and so does Clear all, which has no Apply to wait for.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '~/ui/primitives/button';
import type { DashboardNativeFilters, FilterBarDivider, FilterBarFilter } from './contract';
import { carriedParams, clearedDraft, draftOf, FORM_PREFIX, initialDraft, type FieldDraft } from './field-values';
import { DividerItem, FilterField } from './filter-fields';
import { loadApplyFilters, type ApplyDataMask } from './use-apply-data-mask';

export type FilterBarProps = {
  filters: DashboardNativeFilters;
  /** The page's other URL parameters (tab, standalone, …), carried as hidden fields. */
  keep: readonly (readonly [string, string])[];
  hydrated: boolean;
  /** The bar's settings menu (editors): next to the heading, inside the form, so it may hold no form of its own. */
  settings?: ReactNode;
  /** The cross-filters in force, above the filters (inside the form). */
  crossFilters?: ReactNode;
  /** The filter sets, below the bar's form (outside it: it may hold forms of its own). */
  filterSets?: ReactNode;
  /** Applies a data mask without a reload (useApplyDataMask); without it the form submits as without scripts. */
  apply?: ApplyDataMask;
  /** A mask is being applied: Apply waits. */
  applying?: boolean;
};

/** A horizontal item's width and the gap between items (px): the row's width tells how many fit. */
const ITEM_WIDTH = 224;
const ITEM_GAP = 12;

/** The draft, started anew whenever the loader answers other filters (after Apply). */
function useDraft(filters: DashboardNativeFilters) {
  const [state, setState] = useState(() => ({ from: filters, draft: initialDraft(filters) }));
  if (state.from !== filters) {
    const next = { from: filters, draft: initialDraft(filters) };
    setState(next);
    return { draft: next.draft, setState };
  }
  return { draft: state.draft, setState };
}

/** How many horizontal items fit in the row (all until measured, as the server drew them). */
function useFittingCount(total: number, enabled: boolean) {
  const row = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(total);
  useEffect(() => {
    const element = row.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') {
      setCount(total);
      return;
    }
    const measure = () => setCount(Math.max(0, Math.min(total, Math.floor((element.clientWidth + ITEM_GAP) / (ITEM_WIDTH + ITEM_GAP)))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [total, enabled]);
  return { row, count: enabled ? count : total };
}

function HiddenFields({ params }: { params: readonly (readonly [string, string])[] }) {
  return (
    <>
      <input type="hidden" name={FORM_PREFIX} value="1" />
      {params.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)}
    </>
  );
}

/**
 * Applies the form's mask: on submit, and in instant mode after each completed change once the
 * draft is drawn into the fields (a change asks for a commit; the form is read after the render).
 * A commit that changes nothing since the last applied draft applies nothing.
 */
function useFormApply(filters: DashboardNativeFilters, draftText: string, apply: ApplyDataMask | undefined) {
  const form = useRef<HTMLFormElement>(null);
  const [commits, setCommits] = useState(0);
  const applied = useRef({ from: filters, text: draftText });
  if (applied.current.from !== filters) applied.current = { from: filters, text: draftText };
  // What a commit's effect reads: the render's values, not those of the render that asked.
  const now = useRef({ filters, draftText, apply });
  now.current = { filters, draftText, apply };

  const run = useCallback(async (element: HTMLFormElement) => {
    const { filters: current, draftText: text, apply: applyMask } = now.current;
    if (!applyMask) return;
    applied.current = { from: current, text };
    const { maskFromForm } = await loadApplyFilters();
    await applyMask(maskFromForm(element, current));
  }, []);
  useEffect(() => {
    if (commits > 0 && form.current && applied.current.text !== now.current.draftText) void run(form.current);
  }, [commits, run]);

  const onSubmit = apply
    ? (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(event.currentTarget);
    }
    : undefined;
  return { form, onSubmit, commit: () => setCommits((n) => n + 1) };
}

export function FilterBar({ filters, keep, hydrated, settings, crossFilters, filterSets, apply, applying = false }: FilterBarProps) {
  const clearFormId = useId();
  const panelId = useId();
  const { draft, setState } = useDraft(filters);
  const [collapsed, setCollapsed] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const horizontal = filters.orientation === 'HORIZONTAL';
  const { row, count } = useFittingCount(filters.items.length, hydrated && horizontal);
  const params = carriedParams(keep);
  const live = hydrated && apply ? apply : undefined;
  const instant = Boolean(live) && filters.instant;
  const { form, onSubmit, commit } = useFormApply(filters, JSON.stringify(draft), live);

  const setField = (id: string, field: FieldDraft) => setState((state) => ({ ...state, draft: { ...state.draft, [id]: field } }));
  const clearAll = () => {
    setState((state) => ({ ...state, draft: clearedDraft(filters) }));
    if (instant) commit();
  };

  const renderItem = (item: FilterBarFilter | FilterBarDivider, extraClass?: string) =>
    item.kind === 'divider' ? (
      <div key={item.id} className={extraClass}><DividerItem divider={item} /></div>
    ) : (
      <div key={item.id} className={extraClass}>
        <FilterField filter={item} draft={draft[item.id] ?? draftOf(item)} hydrated={hydrated}
          onDraft={(field) => setField(item.id, field)} onCommit={instant ? commit : undefined} />
      </div>
    );

  const buttons = (
    <div className={horizontal ? 'flex shrink-0 items-end gap-2' : 'flex gap-2'}>
      {!instant && <Button type="submit" variant="primary" size="sm" disabled={applying}>Apply filters</Button>}
      {hydrated ? (
        <Button type="button" size="sm" onClick={clearAll}>Clear all</Button>
      ) : (
        <Button type="submit" size="sm" form={clearFormId}>Clear all</Button>
      )}
    </div>
  );
  // Without scripts 'Clear all' submits this form (see the module's comment); it is outside the bar's form, as forms do not nest.
  const clearForm = hydrated ? null : (
    <form method="get" id={clearFormId} hidden>
      <HiddenFields params={params} />
    </form>
  );
  const empty = filters.items.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No filters</p> : null;

  let body: ReactNode;
  if (horizontal) {
    const shown = filters.items.slice(0, count);
    const more = filters.items.slice(count);
    body = (
      <div className="flex items-end gap-3">
        <h2 className="shrink-0 self-center text-sm font-semibold">Filters</h2>
        {settings}
        {crossFilters}
        <div ref={row} className={hydrated ? 'flex min-w-0 flex-1 items-start gap-3 overflow-hidden' : 'flex min-w-0 flex-1 flex-wrap items-start gap-3'}>
          {empty}
          {shown.map((item) => renderItem(item, 'w-56 shrink-0'))}
        </div>
        {more.length > 0 && (
          <div className="relative shrink-0 self-end"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && moreOpen) {
                setMoreOpen(false);
                (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
              }
            }}>
            <Button size="sm" aria-expanded={moreOpen} aria-controls={panelId} onClick={() => setMoreOpen((open) => !open)}>
              More filters
            </Button>
            {/* Hidden, not unmounted: its fields are sent with the form either way. */}
            <div id={panelId} hidden={!moreOpen} role="group" aria-label="More filters"
              className="absolute right-0 top-full z-20 mt-1 flex w-64 flex-col gap-3 rounded-md border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              {more.map((item) => renderItem(item))}
            </div>
          </div>
        )}
        {buttons}
      </div>
    );
  } else {
    body = (
      <>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">Filters</h2>
          {settings}
          {hydrated && (
            <Button variant="ghost" size="xs" aria-expanded={!collapsed} aria-controls={panelId} onClick={() => setCollapsed((value) => !value)}>
              {collapsed ? 'Expand filters' : 'Collapse filters'}
            </Button>
          )}
        </div>
        {/* Hidden, not unmounted, when collapsed: the values in force are still sent. */}
        <div id={panelId} hidden={collapsed} className="mt-3 flex flex-col gap-4">
          {crossFilters}
          {empty}
          {filters.items.map((item) => renderItem(item))}
          {buttons}
        </div>
      </>
    );
  }

  return (
    <div className={horizontal ? 'mb-4 w-full' : `shrink-0 ${collapsed ? 'w-auto' : 'w-[260px]'}`}>
      <form ref={form} method="get" aria-label="Filters" data-orientation={filters.orientation} onSubmit={onSubmit} aria-busy={applying || undefined}
        className={horizontal
          ? 'filter-bar-horizontal w-full rounded-md border border-slate-200 p-3 dark:border-slate-700'
          : 'filter-bar-vertical w-full rounded-md border border-slate-200 p-3 dark:border-slate-700'}>
        <HiddenFields params={params} />
        {body}
      </form>
      {clearForm}
      {!collapsed && filterSets}
    </div>
  );
}
