/**
 * One column of the time-series table (Superset's TimeSeriesColumnControl): a button with the
 * column's label opening the 'Column Configuration' popover (320 px). The popover edits a draft
 * of the fields its column type uses (app/lib/explore/column-config); Save emits the whole config
 * and closes, Close (or a click outside) drops the draft.
 */
import { useId, useState } from 'react';
import {
  COMPARISON_TYPES,
  TIME_SERIES_COL_TYPES,
  timeSeriesDefaults,
  timeSeriesFields,
  type TimeSeriesColumnConfig,
  type TimeSeriesField,
} from '~/lib/explore/column-config';
import { Button } from '~/ui/primitives/button';
import { errorClass } from '~/ui/primitives/field';
import { Input } from '~/ui/primitives/input';
import { Popover } from '~/ui/primitives/popover';
import { Select } from '~/ui/primitives/select';
import type { ControlProps } from '../types';

export const COLUMN_CONFIGURATION_TITLE = 'Column Configuration';

export function TimeSeriesColumnControl({ id, value, onChange, config, errors }: ControlProps<TimeSeriesColumnConfig>) {
  const current = value && typeof value === 'object' ? value : {};
  const label = current.label || config.label || 'Column';
  return (
    <div id={id}>
      <Popover
        title={COLUMN_CONFIGURATION_TITLE}
        width={320}
        trigger={<span className="truncate">{label}</span>}
        triggerClassName="w-full rounded-md border border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {(close) => (
          <TimeSeriesColumnEditor
            initial={current}
            onSave={(next) => {
              onChange(next);
              close();
            }}
            onClose={close}
          />
        )}
      </Popover>
      {errors.length > 0 && <p className={errorClass}>{errors.join(', ')}</p>}
    </div>
  );
}

type Bounds = [number | null, number | null];
const boundText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** Non-numeric bound text becomes null (spec: numeric range inputs turn non-numeric input into null). */
const boundOf = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** The popover's body. */
export function TimeSeriesColumnEditor({ initial, onSave, onClose }: { initial: TimeSeriesColumnConfig; onSave: (config: TimeSeriesColumnConfig) => void; onClose: () => void }) {
  const uid = useId();
  const [draft, setDraft] = useState<TimeSeriesColumnConfig>(() => timeSeriesDefaults(initial));
  const set = (patch: Partial<TimeSeriesColumnConfig>) => setDraft((d) => ({ ...d, ...patch }));
  const fields = new Set<TimeSeriesField>(timeSeriesFields(draft.colType));

  const text = (key: 'label' | 'tooltip' | 'width' | 'height' | 'd3format' | 'dateFormat', label: string, placeholder?: string) =>
    fields.has(key) && (
      <Input id={`${uid}-${key}`} label={label} placeholder={placeholder} value={draft[key] ?? ''} autoComplete="off" onChange={(e) => set({ [key]: e.target.value })} />
    );
  const bounds = (key: 'yAxisBounds' | 'bounds', label: string) => {
    if (!fields.has(key)) return null;
    const [min, max]: Bounds = draft[key] ?? [null, null];
    return (
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="text-sm font-medium">{label}</legend>
        <Input id={`${uid}-${key}-min`} label={`${label} min`} type="number" value={boundText(min)} onChange={(e) => set({ [key]: [boundOf(e.target.value), max] })} />
        <Input id={`${uid}-${key}-max`} label={`${label} max`} type="number" value={boundText(max)} onChange={(e) => set({ [key]: [min, boundOf(e.target.value)] })} />
      </fieldset>
    );
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      {text('label', 'Label')}
      {text('tooltip', 'Tooltip')}
      <Select id={`${uid}-colType`} label="Type" value={draft.colType ?? ''} onChange={(e) => set({ colType: e.target.value as TimeSeriesColumnConfig['colType'] })}>
        <option value="">Select…</option>
        {TIME_SERIES_COL_TYPES.map(([v, l]) => (
          <option key={v} value={v}>{l}</option>
        ))}
      </Select>
      <div className="grid grid-cols-2 gap-2">
        {text('width', 'Width', 'px')}
        {text('height', 'Height', 'px')}
      </div>
      {fields.has('timeLag') && (
        <Input id={`${uid}-timeLag`} label="Time lag" type="number" step={1} value={draft.timeLag ?? 0}
          hint="Number of periods to compare against. You can use negative numbers to compare from the beginning of the time range."
          onChange={(e) => set({ timeLag: e.target.value })} />
      )}
      {fields.has('timeRatio') && (
        <Input id={`${uid}-timeRatio`} label="Time ratio" type="number" step={1} value={draft.timeRatio ?? ''} hint="Number of periods to ratio against"
          onChange={(e) => set({ timeRatio: e.target.value })} />
      )}
      {fields.has('comparisonType') && (
        <Select id={`${uid}-comparisonType`} label="Comparison type" value={draft.comparisonType ?? ''}
          onChange={(e) => set({ comparisonType: e.target.value as TimeSeriesColumnConfig['comparisonType'] })}>
          <option value="">Select…</option>
          {COMPARISON_TYPES.map(([v, l]) => (
            <option key={v} value={v}>{l}</option>
          ))}
        </Select>
      )}
      {fields.has('showYAxis') && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={Boolean(draft.showYAxis)} onChange={(e) => set({ showYAxis: e.target.checked })} />
          Show Y-axis
        </label>
      )}
      {bounds('yAxisBounds', 'Y-axis bounds')}
      {bounds('bounds', 'Color bounds')}
      {text('d3format', 'Number format', ',.2f')}
      {text('dateFormat', 'Date format', '%Y-%m-%d')}
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onClose}>Close</Button>
        <Button size="sm" variant="primary" type="submit">Save</Button>
      </div>
    </form>
  );
}
