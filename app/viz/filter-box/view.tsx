/**
 * The filter box as HTML: a GET form of native selects (fields named as fields.ts says), so it
 * works without JavaScript: choose, press Apply, and the page reloads with the choices in its
 * query string. With instant filtering the Apply button is only there without JavaScript
 * (<noscript>); hydrated, a change submits the form at once, keeping the page's other query
 * parameters. Hydrated, each filter also gets a search box ('Type or Select [label]') that
 * narrows its loaded choices, and Apply stays disabled until something changed. The dashboard
 * reads the fields back on the reload and filters its other charts with them
 * (app/lib/dashboard/filter-box-filters.ts); a hidden marker field says the box was submitted, so
 * clearing every choice does not bring the defaults back. Emitting the choices to the dashboard
 * without a reload comes later: the view contract (VizPlugin.View) has no event hook for HTML views yet.
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldPrefix, markerName } from './fields';
import type { FilterBoxFilter, FilterBoxModel, FilterBoxTimeControl } from './transform-props';

const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-200';
const controlClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900';
const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-400';

/** Whether a choice's text holds the search text (case-insensitive); empty search matches all. */
export function matchesSearch(text: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || text.toLowerCase().includes(needle);
}

function TimeSelect({ control }: { control: FilterBoxTimeControl }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className={labelClass}>
        {control.label}
      </label>
      <select id={id} name={control.name} defaultValue={control.selected} aria-describedby={control.hint ? hintId : undefined} className={controlClass}>
        {control.emptyText !== null && <option value="">{control.emptyText}</option>}
        {control.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {control.hint && (
        <p id={hintId} className={hintClass}>
          {control.hint}
        </p>
      )}
    </div>
  );
}

function FilterSelect({ filter, hydrated, noResultsText }: { filter: FilterBoxFilter; hydrated: boolean; noResultsText: string }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const shown = filter.options.filter((o) => matchesSearch(o.text, search));
  const emptyId = `${id}-empty`;
  return (
    <div className="mb-3" data-filter-column={filter.column}>
      <label htmlFor={id} className={labelClass}>
        {filter.label}
      </label>
      {/* The search box only narrows the loaded choices, so it shows once hydrated; it has no name and never submits. */}
      <input
        type="search"
        hidden={!hydrated}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={filter.placeholder}
        aria-label={filter.placeholder}
        aria-controls={id}
        className={controlClass}
      />
      <select
        id={id}
        name={filter.name}
        multiple={filter.multiple}
        // A single select keeps one value; a multiple one its list.
        defaultValue={filter.multiple ? filter.selected : (filter.selected[0] ?? '')}
        aria-describedby={shown.length === 0 ? emptyId : undefined}
        size={filter.multiple ? Math.min(Math.max(filter.options.length, 2), 6) : undefined}
        className={controlClass}
      >
        {/* The single select's placeholder: choosing it clears the filter, unless the filter is required. */}
        {!filter.multiple && (
          <option value="" disabled={!filter.clearable}>
            {filter.placeholder}
          </option>
        )}
        {filter.options.map((o) => (
          <option key={o.value} value={o.value} hidden={!matchesSearch(o.text, search)}>
            {o.text}
          </option>
        ))}
      </select>
      {shown.length === 0 && (
        <p id={emptyId} role="status" className={hintClass}>
          {noResultsText}
        </p>
      )}
    </div>
  );
}

const PRESERVED = 'data-filter-box-preserved';

/**
 * A GET form sends only its own fields: when the browser submits it (Apply, or an instant change),
 * the page's other query parameters (form_data_key, native_filters_key, …) go along as hidden
 * fields, and this box's earlier choices are left to its selects.
 */
function keepPageParams(form: HTMLFormElement, chartId: number) {
  for (const old of form.querySelectorAll(`input[${PRESERVED}]`)) old.remove();
  const prefix = fieldPrefix(chartId);
  for (const [name, value] of new URLSearchParams(window.location.search)) {
    if (name.startsWith(prefix) || name === markerName(chartId)) continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    input.setAttribute(PRESERVED, '');
    form.appendChild(input);
  }
}

export function FilterBoxView({ model }: { model: FilterBoxModel }) {
  const { instantFiltering, timeRange, timeGrain, timeColumn, filters, noResultsText, applyText, chartId } = model.props;
  const [hydrated, setHydrated] = useState(false);
  const [changed, setChanged] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Only the named selects count as a change (the search boxes bubble change events too).
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = (event as unknown as ChangeEvent<HTMLSelectElement>).target;
    if (!(target instanceof HTMLSelectElement) || !target.name) return;
    if (instantFiltering) target.form?.requestSubmit();
    else setChanged(true);
  };

  return (
    <form
      method="get"
      aria-label="Filter box"
      data-chart-id={chartId}
      data-viz="filter_box"
      onChange={onChange}
      onSubmit={(event) => {
        keepPageParams(event.currentTarget, chartId);
        setChanged(false);
      }}
      className="overflow-auto p-2 font-sans text-slate-900 dark:text-slate-100"
      style={{ width: model.width, height: model.height }}
    >
      <input type="hidden" name={markerName(chartId)} value="1" />
      {timeRange && <TimeSelect control={timeRange} />}
      {timeGrain && <TimeSelect control={timeGrain} />}
      {timeColumn && <TimeSelect control={timeColumn} />}
      {filters.map((filter, i) => (
        <FilterSelect key={`${i}:${filter.column}`} filter={filter} hydrated={hydrated} noResultsText={noResultsText} />
      ))}
      {instantFiltering ? (
        <noscript>
          <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white">
            {applyText}
          </button>
        </noscript>
      ) : (
        // Enabled in the server's HTML (a form without JavaScript needs it); disabled once hydrated until a choice changes.
        <button
          type="submit"
          disabled={hydrated && !changed}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {applyText}
        </button>
      )}
    </form>
  );
}

export default FilterBoxView;
