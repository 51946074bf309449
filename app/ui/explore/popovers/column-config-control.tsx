/**
 * The table's 'Customize columns' control (Superset's ColumnConfigControl): the chart's result
 * columns, 10 of more than 12 until 'Show all columns', each opening a popover of the settings
 * its type offers. The popover edits a draft: Save emits `{[column]: config}` and closes (not while
 * a validator complains); Close or a click outside drops the draft. Rules in
 * app/lib/explore/column-config.
 */
import { useId, useState } from 'react';
import {
  CHECKBOX_DEFAULTS,
  configLayout,
  FRACTION_DIGITS,
  GENERIC_TYPES,
  needsShowAllToggle,
  resultColumns,
  validateColumnConfig,
  visibleColumns,
  withColumnConfig,
  type ColumnConfig,
  type ColumnConfigKey,
  type ResultColumn,
} from '~/lib/explore/column-config';
import { getCurrencySymbol } from '~/lib/format/currency-format';
import { D3_FORMAT_OPTIONS } from '~/lib/format/number-format';
import { D3_TIME_FORMAT_OPTIONS } from '~/lib/format/time-format';
import { Button } from '~/ui/primitives/button';
import { hintClass } from '~/ui/primitives/field';
import { Input } from '~/ui/primitives/input';
import { Popover } from '~/ui/primitives/popover';
import { Select } from '~/ui/primitives/select';
import type { ControlProps } from '../types';

export const SHOW_ALL_COLUMNS = 'Show all columns';
export const SHOW_LESS_COLUMNS = 'Show less columns';
/** Superset's default currency choices. */
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'INR', 'MXN', 'JPY', 'CNY'] as const;
const TYPE_NAMES: Record<number, string> = { [GENERIC_TYPES.NUMERIC]: 'numeric', [GENERIC_TYPES.STRING]: 'string', [GENERIC_TYPES.TEMPORAL]: 'temporal', [GENERIC_TYPES.BOOLEAN]: 'boolean' };
const TYPE_MARKS: Record<number, string> = { [GENERIC_TYPES.NUMERIC]: '#', [GENERIC_TYPES.STRING]: 'ABC', [GENERIC_TYPES.TEMPORAL]: '⏲', [GENERIC_TYPES.BOOLEAN]: 'T/F' };

export function ColumnConfigControl({ id, value, onChange, results, context }: ControlProps<Record<string, ColumnConfig>>) {
  const [showAll, setShowAll] = useState(false);
  const columns = resultColumns(results);
  const config = value && typeof value === 'object' ? value : {};
  const verboseMap = context.datasource?.verboseMap ?? {};

  if (columns.length === 0) return <p id={id} className={hintClass}>Run the chart to list its columns.</p>;

  return (
    <div id={id} className="space-y-1">
      <ul aria-label="Columns" className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {visibleColumns(columns, showAll).map((column) => (
          <li key={column.name}>
            <Popover
              title={column.name}
              width={320}
              trigger={
                <span className="flex items-center gap-2">
                  <span aria-hidden className="w-8 shrink-0 text-xs text-slate-500">{column.type === null ? '?' : (TYPE_MARKS[column.type] ?? '?')}</span>
                  <span className="truncate">{Object.hasOwn(verboseMap, column.name) ? verboseMap[column.name] : column.name}</span>
                </span>
              }
              triggerLabel={column.name}
              triggerClassName="w-full px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {(close) => (
                <ColumnConfigEditor
                  column={column}
                  initial={Object.hasOwn(config, column.name) ? config[column.name] : {}}
                  onSave={(next) => {
                    onChange(withColumnConfig(config, column.name, next));
                    close();
                  }}
                  onClose={close}
                />
              )}
            </Popover>
          </li>
        ))}
      </ul>
      {needsShowAllToggle(columns.length) && (
        <Button size="xs" variant="ghost" aria-expanded={showAll} onClick={() => setShowAll((s) => !s)}>
          {showAll ? SHOW_LESS_COLUMNS : SHOW_ALL_COLUMNS}
        </Button>
      )}
    </div>
  );
}

const CHECKBOX_LABELS: Partial<Record<ColumnConfigKey, [label: string, description: string]>> = {
  showCellBars: ['Show cell bars', 'Whether to display a bar chart background in table columns'],
  alignPositiveNegative: ['Align +/-', 'Whether to align positive and negative values in cell bar chart at 0'],
  colorPositiveNegative: ['Color +/-', 'Whether to colorize numeric values by if they are positive or negative'],
  truncateLongCells: ['Truncate Cells', 'Truncate long cells to the "min width" set above'],
};

/** The popover's body: one column's settings as a draft. */
export function ColumnConfigEditor({ column, initial, onSave, onClose }: { column: ResultColumn; initial: ColumnConfig; onSave: (config: ColumnConfig) => void; onClose: () => void }) {
  const uid = useId();
  const [draft, setDraft] = useState<ColumnConfig>(initial);
  const errors = validateColumnConfig(draft);
  const valid = Object.keys(errors).length === 0;
  const set = (patch: Partial<ColumnConfig>) => setDraft((d) => ({ ...d, ...patch }));

  const field = (key: ColumnConfigKey) => {
    const fieldId = `${uid}-${key}`;
    switch (key) {
      case 'columnWidth':
        return (
          <Input key={key} id={fieldId} label="Min Width" placeholder="auto" inputMode="decimal" value={draft.columnWidth ?? ''} error={errors.columnWidth}
            hint="Default minimal column width in pixels, actual width may still be larger than this if other columns don't need much space"
            onChange={(e) => set({ columnWidth: e.target.value })} />
        );
      case 'horizontalAlign':
        return (
          <fieldset key={key}>
            <legend className="text-sm font-medium">Text align</legend>
            <div className="mt-1 flex gap-3 text-sm">
              {(['left', 'center', 'right'] as const).map((align) => (
                <label key={align} className="flex items-center gap-1">
                  <input type="radio" name={`${uid}-align`} checked={(draft.horizontalAlign ?? defaultAlign(column)) === align} onChange={() => set({ horizontalAlign: align })} />
                  {align[0].toUpperCase() + align.slice(1)}
                </label>
              ))}
            </div>
          </fieldset>
        );
      case 'showCellBars':
      case 'alignPositiveNegative':
      case 'colorPositiveNegative':
      case 'truncateLongCells': {
        const [label, description] = CHECKBOX_LABELS[key] ?? [key, ''];
        const checked = (draft[key] as boolean | undefined) ?? CHECKBOX_DEFAULTS[key] ?? false;
        return (
          <div key={key}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={checked} aria-describedby={`${fieldId}-hint`} onChange={(e) => set({ [key]: e.target.checked })} />
              {label}
            </label>
            <p id={`${fieldId}-hint`} className={hintClass}>{description}</p>
          </div>
        );
      }
      case 'd3NumberFormat':
      case 'd3SmallNumberFormat':
      case 'd3TimeFormat': {
        const options = key === 'd3TimeFormat' ? D3_TIME_FORMAT_OPTIONS : D3_FORMAT_OPTIONS;
        const label = key === 'd3SmallNumberFormat' ? 'Small number format' : 'D3 format';
        const hint =
          key === 'd3SmallNumberFormat'
            ? 'D3 number format for numbers between -1.0 and 1.0, useful when you want to have different significant digits for small and large numbers'
            : key === 'd3TimeFormat'
              ? 'D3 time format syntax: https://github.com/d3/d3-time-format'
              : 'D3 format syntax: https://github.com/d3/d3-format';
        // A free-form field with the spec's choices suggested: any d3 format may be typed.
        return (
          <div key={key}>
            <Input id={fieldId} label={label} list={`${fieldId}-options`} value={draft[key] ?? ''} hint={hint} autoComplete="off" spellCheck={false}
              onChange={(e) => set({ [key]: e.target.value })} />
            <datalist id={`${fieldId}-options`}>
              {options.map(([v, l]) => (
                <option key={v} value={v}>{l}</option>
              ))}
            </datalist>
          </div>
        );
      }
      case 'fractionDigits':
        return (
          <div key={key}>
            <label htmlFor={fieldId} className="block text-sm font-medium">
              Fraction digits <span className="font-normal text-slate-500">{draft.fractionDigits ?? 'auto'}</span>
            </label>
            <div className="flex items-center gap-2">
              <input id={fieldId} type="range" className="w-full" min={FRACTION_DIGITS.min} max={FRACTION_DIGITS.max} step={FRACTION_DIGITS.step}
                value={draft.fractionDigits ?? 0} onChange={(e) => set({ fractionDigits: Number(e.target.value) })} />
              <Button size="xs" variant="ghost" disabled={draft.fractionDigits === undefined} onClick={() => set({ fractionDigits: undefined })}>Reset</Button>
            </div>
          </div>
        );
      case 'currencyFormat': {
        const currency = draft.currencyFormat ?? {};
        return (
          <fieldset key={key} className="grid grid-cols-2 gap-2">
            <legend className="text-sm font-medium">Currency format</legend>
            <Select id={`${fieldId}-position`} label="Prefix or suffix" value={currency.symbolPosition ?? 'prefix'}
              onChange={(e) => set({ currencyFormat: { ...currency, symbolPosition: e.target.value } })}>
              <option value="prefix">Prefix</option>
              <option value="suffix">Suffix</option>
            </Select>
            <Select id={`${fieldId}-symbol`} label="Currency" value={currency.symbol ?? ''}
              onChange={(e) => set({ currencyFormat: { symbolPosition: currency.symbolPosition ?? 'prefix', symbol: e.target.value } })}>
              <option value="">None</option>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>{`${code} (${getCurrencySymbol(code)})`}</option>
              ))}
            </Select>
          </fieldset>
        );
      }
      default:
        return null;
    }
  };

  return (
    <form
      className="space-y-3"
      aria-label={`${column.name} settings`}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(draft);
      }}
    >
      {column.type !== null && <p className={hintClass}>A {TYPE_NAMES[column.type] ?? 'string'} column</p>}
      {configLayout(column.type).map((section) => (
        <section key={section.heading ?? 'settings'} className="space-y-2">
          {section.heading && <h4 className="text-xs font-semibold uppercase text-slate-500">{section.heading}</h4>}
          {section.keys.map(field)}
        </section>
      ))}
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onClose}>Close</Button>
        <Button size="sm" variant="primary" type="submit" disabled={!valid}>Save</Button>
      </div>
    </form>
  );
}

/** The table's own alignment when the config sets none: numbers right, the rest left. */
const defaultAlign = (column: ResultColumn) => (column.type === GENERIC_TYPES.NUMERIC ? 'right' : 'left');
