/**
 * The right side of the configuration modal: the selected filter's settings (type, name, target,
 * description, pre-filter, default value and the type's options, dependencies, scoping) or the
 * selected divider's title and description. Every change is one `update` of the state; the
 * validation's errors of this item show under their fields.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FILTER_RANGE, FILTER_SELECT, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN, type FilterConfigItem, type FilterDivider, type NativeFilter, type SelectValue } from '~/lib/dashboard/native-filters/types';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';
import { requestJson } from '~/ui/request-json';
import { columnsFor, columnValuesQuery, defaultMaskFor, defaultValueOf, parentChoices, parseValueList, settingsOf, typeChangePatch, valuesOfResult, type ColumnOption } from './config-data';
import type { ConfigItemPatch, FieldErrors } from './config-state';
import { ScopeTree } from './scope-tree';
import type { ScopeNode } from './config-data';
import type { DashboardLayout } from '~/lib/dashboard/layout';

export const FILTER_TYPE_LABELS: Record<string, string> = {
  [FILTER_SELECT]: 'Value',
  [FILTER_RANGE]: 'Numerical range',
  [FILTER_TIME]: 'Time range',
  [FILTER_TIME_COLUMN]: 'Time column',
  [FILTER_TIME_GRAIN]: 'Time grain',
};

const RANGE_MODES = [
  { value: 'slider', label: 'Slider' },
  { value: 'input', label: 'Range inputs' },
  { value: 'slider-and-input', label: 'Slider and range input' },
];

export type DatasetOption = { id: number; name: string };
export type { ColumnOption };
export type Columns = { state: 'loading' } | { state: 'ready'; columns: ColumnOption[] } | { state: 'failed' };

function Check({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      {hint && <p className="ml-6 text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <legend className="pr-2 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function DividerForm({ divider, onChange }: { divider: FilterDivider; onChange: (patch: ConfigItemPatch) => void }) {
  return (
    <div className="space-y-3">
      <Input label="Title" value={divider.title} onChange={(event) => onChange({ title: event.target.value })} />
      <TextArea label="Description" rows={3} value={divider.description} onChange={(event) => onChange({ description: event.target.value })} />
    </div>
  );
}

/** The column's values for the default value, asked of the chart data API when the target or the pre-filter changes. */
function useColumnValues(filter: NativeFilter, csrfToken: string): { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; values: SelectValue[] } {
  const query = filter.filterType === FILTER_SELECT ? columnValuesQuery(filter) : null;
  const key = query ? JSON.stringify(query) : '';
  const [answer, setAnswer] = useState<{ key: string; values: SelectValue[] | null }>({ key: '', values: null });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const column = filter.targets[0]?.column?.name ?? '';
    requestJson<unknown>(csrfToken, '/api/v1/chart/data', { method: 'POST', body: JSON.parse(key) as unknown, signal: controller.signal }).then(
      ({ body }) => setAnswer({ key, values: valuesOfResult(body, column) }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, values: null });
      },
    );
    return () => controller.abort();
    // The key holds the query; the filter's other fields do not change it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, csrfToken]);
  if (!key) return { state: 'idle' };
  if (answer.key !== key) return { state: 'loading' };
  return answer.values ? { state: 'ready', values: answer.values } : { state: 'failed' };
}

const valueText = (value: SelectValue) => (value === null ? '<NULL>' : String(value));

function SelectDefault({ filter, csrfToken, onChange }: { filter: NativeFilter; csrfToken: string; onChange: (patch: ConfigItemPatch) => void }) {
  const values = useColumnValues(filter, csrfToken);
  const current = defaultValueOf(filter);
  const chosen = Array.isArray(current) ? (current as SelectValue[]) : [];
  const [typed, setTyped] = useState(() => chosen.map(valueText).join(', '));
  const setValue = (value: SelectValue[] | undefined) => onChange({ defaultDataMask: defaultMaskFor(filter, value) });
  if (filter.controlValues.defaultToFirstItem) return null;
  if (values.state === 'ready') {
    const keys = new Map(values.values.map((value) => [JSON.stringify(value), value]));
    return (
      <Select label="Default value" multiple={filter.controlValues.multiSelect !== false} size={filter.controlValues.multiSelect !== false ? 6 : undefined}
        hint={`${values.values.length} options`}
        value={filter.controlValues.multiSelect !== false ? chosen.map((value) => JSON.stringify(value)) : chosen[0] !== undefined ? JSON.stringify(chosen[0]) : ''}
        onChange={(event) => {
          const picked = [...event.target.selectedOptions].map((option) => option.value).filter((key) => keys.has(key)).map((key) => keys.get(key)!);
          setValue(picked.length ? picked : undefined);
        }}>
        {filter.controlValues.multiSelect === false && <option value="">No default</option>}
        {values.values.map((value) => <option key={JSON.stringify(value)} value={JSON.stringify(value)}>{valueText(value)}</option>)}
      </Select>
    );
  }
  return (
    <Input label="Default value" hint={values.state === 'loading' ? 'Loading values…' : 'Values separated by commas'} value={typed}
      onChange={(event) => {
        setTyped(event.target.value);
        const list = parseValueList(event.target.value);
        setValue(list.length ? list : undefined);
      }} />
  );
}

function RangeDefault({ filter, onChange }: { filter: NativeFilter; onChange: (patch: ConfigItemPatch) => void }) {
  const current = defaultValueOf(filter);
  const [low, high] = Array.isArray(current) ? (current as (number | null)[]) : [null, null];
  const set = (next: [number | null, number | null]) =>
    onChange({ defaultDataMask: defaultMaskFor(filter, next[0] === null && next[1] === null ? undefined : next) });
  const num = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));
  return (
    <div className="grid grid-cols-2 gap-2">
      <Input label="Default minimum" type="number" value={low ?? ''} onChange={(event) => set([num(event.target.value), high ?? null])} />
      <Input label="Default maximum" type="number" value={high ?? ''} onChange={(event) => set([low ?? null, num(event.target.value)])} />
    </div>
  );
}

export type FilterFormProps = {
  filter: NativeFilter;
  errors: FieldErrors | undefined;
  items: readonly FilterConfigItem[];
  datasets: DatasetOption[];
  columns: Columns | undefined;
  layout: DashboardLayout | null;
  tree: ScopeNode | null;
  csrfToken: string;
  onChange: (patch: ConfigItemPatch) => void;
};

export function FilterForm({ filter, errors, items, datasets, columns, layout, tree, csrfToken, onChange }: FilterFormProps) {
  const shows = settingsOf(filter.filterType);
  const target = filter.targets[0] ?? {};
  const controls = filter.controlValues;
  const setControl = (key: string, value: unknown) => onChange({ controlValues: { [key]: value } });
  const where = (filter.adhoc_filters ?? []).find((adhoc) => adhoc.expressionType === 'SQL');
  const [preFilter, setPreFilter] = useState(() => Boolean(where) || Boolean(filter.time_range));
  const [dependent, setDependent] = useState(() => filter.cascadeParentIds.length > 0);
  const choices = parentChoices(filter, items);
  const known = columns?.state === 'ready' ? columns.columns : null;
  const columnOptions = columnsFor(filter.filterType, known ?? []);

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        {/* A new type starts without a default value, and without a column that does not fit it. */}
        <Select label="Filter type" value={filter.filterType} onChange={(event) => onChange(typeChangePatch(event.target.value, filter.targets[0], known))}>
          {Object.entries(FILTER_TYPE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          {!FILTER_TYPE_LABELS[filter.filterType] && <option value={filter.filterType}>{filter.filterType}</option>}
        </Select>
        <Input label="Filter name" value={filter.name} error={errors?.name} onChange={(event) => onChange({ name: event.target.value })} />
        {shows.dataset && (
          <Select label="Dataset" value={target.datasetId ?? ''} error={errors?.dataset}
            onChange={(event) => onChange({ target: event.target.value ? { datasetId: Number(event.target.value) } : {} })}>
            <option value="">Choose a dataset</option>
            {datasets.map((dataset) => <option key={dataset.id} value={dataset.id}>{dataset.name}</option>)}
            {target.datasetId !== undefined && !datasets.some((d) => d.id === target.datasetId) && <option value={target.datasetId}>{`Dataset ${target.datasetId}`}</option>}
          </Select>
        )}
        {shows.column && (
          <Select label="Column" value={target.column?.name ?? ''} error={errors?.column}
            hint={columns?.state === 'loading' ? 'Loading columns…' : columns?.state === 'failed' ? 'Could not load the columns' : undefined}
            disabled={target.datasetId === undefined}
            onChange={(event) => onChange({ target: { column: { name: event.target.value } } })}>
            <option value="">Choose a column</option>
            {columnOptions.map((column) => <option key={column.name} value={column.name}>{column.name}</option>)}
            {target.column?.name && !columnOptions.some((c) => c.name === target.column?.name) && <option value={target.column.name}>{target.column.name}</option>}
          </Select>
        )}
      </div>
      <TextArea label="Description" rows={2} value={filter.description} onChange={(event) => onChange({ description: event.target.value })} />

      <Section title="Filter settings">
        {shows.dataset && (
          <>
            <Check label="Pre-filter available values" checked={preFilter}
              onChange={(checked) => {
                setPreFilter(checked);
                if (!checked) onChange({ adhocFilters: [], timeRange: null });
              }} />
            {preFilter && (
              <div className="ml-6 space-y-2">
                <TextArea label="Pre-filter (SQL WHERE clause)" rows={2} controlClassName="font-mono text-xs"
                  value={typeof where?.sqlExpression === 'string' ? where.sqlExpression : ''}
                  onChange={(event) => {
                    const others = (filter.adhoc_filters ?? []).filter((adhoc) => adhoc !== where);
                    const text = event.target.value;
                    onChange({ adhocFilters: text.trim() ? [...others, { expressionType: 'SQL', clause: 'WHERE', sqlExpression: text }] : others });
                  }} />
                <Input label="Pre-filter time range" hint="For example: Last year, or 2020-01-01 : 2021-01-01" value={filter.time_range ?? ''}
                  onChange={(event) => onChange({ timeRange: event.target.value ? event.target.value : null })} />
              </div>
            )}
          </>
        )}
        {shows.select && (
          <>
            <SelectDefault key={`${filter.id}-${String(controls.multiSelect)}`} filter={filter} csrfToken={csrfToken} onChange={onChange} />
            <Check label="Select first filter value by default" checked={controls.defaultToFirstItem === true}
              onChange={(checked) => onChange({ controlValues: { defaultToFirstItem: checked }, ...(checked ? { defaultDataMask: {} } : {}) })} />
            <Check label="Can select multiple values" checked={controls.multiSelect !== false} onChange={(checked) => setControl('multiSelect', checked)} />
            <Check label="Filter value is required" checked={controls.enableEmptyFilter === true} onChange={(checked) => setControl('enableEmptyFilter', checked)} />
            <Check label="Inverse selection" checked={controls.inverseSelection === true} onChange={(checked) => setControl('inverseSelection', checked)} />
            <Check label="Sort filter values" checked={controls.sortAscending !== undefined && controls.sortAscending !== null}
              onChange={(checked) => setControl('sortAscending', checked ? true : undefined)} />
            {controls.sortAscending !== undefined && controls.sortAscending !== null && (
              <Select className="ml-6" label="Sort order" value={controls.sortAscending ? 'asc' : 'desc'} onChange={(event) => setControl('sortAscending', event.target.value === 'asc')}>
                <option value="asc">Sort ascending</option>
                <option value="desc">Sort descending</option>
              </Select>
            )}
            <Check label="Search all filter options" hint="Search the values in the database as you type instead of the values loaded"
              checked={controls.searchAllOptions === true} onChange={(checked) => setControl('searchAllOptions', checked)} />
          </>
        )}
        {shows.range && (
          <>
            <RangeDefault filter={filter} onChange={onChange} />
            <Select label="Display mode" value={typeof controls.rangeDisplayMode === 'string' ? controls.rangeDisplayMode : 'slider-and-input'}
              onChange={(event) => setControl('rangeDisplayMode', event.target.value)}>
              {RANGE_MODES.map((mode) => <option key={mode.value} value={mode.value}>{mode.label}</option>)}
            </Select>
            <Check label="Filter value is required" checked={controls.enableEmptyFilter === true} onChange={(checked) => setControl('enableEmptyFilter', checked)} />
          </>
        )}
        {shows.time && (
          <>
            <Input label="Default value" hint="A time range, for example: Last week" value={typeof defaultValueOf(filter) === 'string' ? String(defaultValueOf(filter)) : ''}
              onChange={(event) => onChange({ defaultDataMask: defaultMaskFor(filter, event.target.value || undefined) })} />
            <Check label="Filter value is required" checked={controls.enableEmptyFilter === true} onChange={(checked) => setControl('enableEmptyFilter', checked)} />
          </>
        )}
        {!shows.select && !shows.range && !shows.time && (
          <Check label="Filter value is required" checked={controls.enableEmptyFilter === true} onChange={(checked) => setControl('enableEmptyFilter', checked)} />
        )}
      </Section>

      <Section title="Dependencies">
        <Check label="Values are dependent on other filters" checked={dependent}
          hint="Values selected in other filters will affect the filter options to only show relevant values"
          onChange={(checked) => {
            setDependent(checked);
            if (!checked) onChange({ cascadeParentIds: [] });
          }} />
        {dependent && (
          <div role="group" aria-label="Parent filters" className="ml-6 space-y-1">
            {choices.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No other filter to depend on</p>}
            {choices.map((parent) => (
              <Check key={parent.id} label={parent.name || parent.id} checked={filter.cascadeParentIds.includes(parent.id)}
                onChange={(checked) => onChange({
                  cascadeParentIds: checked ? [...filter.cascadeParentIds, parent.id] : filter.cascadeParentIds.filter((id) => id !== parent.id),
                })} />
            ))}
            {errors?.cascadeParentIds && <p className="text-sm text-rose-700 dark:text-rose-300">{errors.cascadeParentIds}</p>}
          </div>
        )}
        {!dependent && errors?.cascadeParentIds && <p className="text-sm text-rose-700 dark:text-rose-300">{errors.cascadeParentIds}</p>}
      </Section>

      <Section title="Scoping">
        {layout && tree ? (
          <ScopeTree tree={tree} layout={layout} scope={filter.scope} onChange={(scope) => onChange({ scope })} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading the layout…</p>
        )}
      </Section>
    </div>
  );
}
