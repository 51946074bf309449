/**
 * The annotation layers of a chart (Superset's AnnotationLayerControl): the form data's list, each
 * layer a button opening its 'Edit annotation layer' popover, and 'Add annotation layer'. The
 * editor offers only the types the chart draws (its metadata's canBeAnnotationTypes): a formula
 * of x, or an event or interval layer of native annotations (GET /api/v1/annotation_layer/), or a
 * time series from a saved line chart; then display settings. OK saves, Remove drops the layer.
 */
import { useId, useState } from 'react';
import { encodeRisonUri } from '~/lib/rison';
import { vizMetadata } from '~/viz/registry';
import { Button } from '~/ui/primitives/button';
import { errorClass, hintClass } from '~/ui/primitives/field';
import { Input } from '~/ui/primitives/input';
import { Popover } from '~/ui/primitives/popover';
import { Select } from '~/ui/primitives/select';
import type { ControlProps } from '../types';
import {
  ANNOTATION_TYPE_LABELS,
  LINE_STYLES,
  OPACITIES,
  layerToSave,
  newLayer,
  supportedTypes,
  upsertLayer,
  validateLayer,
  withType,
  type AnnotationLayer,
  type AnnotationType,
} from './annotation-layer';
import { useJson } from './use-json';

export const ADD_ANNOTATION_LAYER = 'Add annotation layer';
export const EDIT_ANNOTATION_LAYER = 'Edit annotation layer';
const POPOVER_WIDTH = 450;

const NATIVE_LAYERS_URL = `/api/v1/annotation_layer/?q=${encodeRisonUri({ columns: ['id', 'name'], page_size: 1000 })}`;
const CHARTS_URL = `/api/v1/chart/?q=${encodeRisonUri({ columns: ['id', 'slice_name', 'viz_type'], page_size: 1000 })}`;
/** Charts whose answer is a time series another chart can draw as a line (Superset's 'line' source). */
const TIME_SERIES_CHART = /^(echarts_timeseries|echarts_area|line$|mixed_timeseries)/;

export function AnnotationLayerControl({ id, value, onChange, context, errors }: ControlProps<AnnotationLayer[]>) {
  const layers = Array.isArray(value) ? value : [];
  const types = supportedTypes(vizMetadata(context.formData.viz_type));

  if (types.length === 0) return <p id={id} className={hintClass}>This chart type does not draw annotations.</p>;

  return (
    <div id={id} className="space-y-1">
      <ul aria-label="Annotation layers" className="space-y-1">
        {layers.map((layer, index) => (
          <li key={`${index}-${layer.name}`}>
            <Popover
              title={EDIT_ANNOTATION_LAYER}
              width={POPOVER_WIDTH}
              trigger={<span className={layer.show === false ? 'line-through opacity-60' : undefined}>{layer.name || '(unnamed)'}</span>}
              triggerClassName="w-full rounded-md border border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {(close) => (
                <AnnotationLayerEditor
                  initial={layer}
                  types={types}
                  otherNames={layers.filter((_, i) => i !== index).map((l) => l.name)}
                  isNew={false}
                  onSave={(next) => {
                    onChange(upsertLayer(layers, index, next));
                    close();
                  }}
                  onRemove={() => {
                    onChange(layers.filter((_, i) => i !== index));
                    close();
                  }}
                  onCancel={close}
                />
              )}
            </Popover>
          </li>
        ))}
      </ul>
      <Popover
        title={ADD_ANNOTATION_LAYER}
        width={POPOVER_WIDTH}
        trigger={<span>+ {ADD_ANNOTATION_LAYER}</span>}
        triggerLabel={ADD_ANNOTATION_LAYER}
        triggerClassName="w-full rounded-md border border-dashed border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {(close) => (
          <AnnotationLayerEditor
            initial={newLayer(types)}
            types={types}
            otherNames={layers.map((l) => l.name)}
            isNew
            onSave={(next) => {
              onChange(upsertLayer(layers, null, next));
              close();
            }}
            onRemove={close}
            onCancel={close}
          />
        )}
      </Popover>
      {errors.length > 0 && <p className={errorClass}>{errors.join(', ')}</p>}
    </div>
  );
}

type EditorProps = {
  initial: AnnotationLayer;
  types: AnnotationType[];
  otherNames: string[];
  isNew: boolean;
  onSave: (layer: AnnotationLayer) => void;
  onRemove: () => void;
  onCancel: () => void;
};

/** The popover's body: a draft of one layer. */
export function AnnotationLayerEditor({ initial, types, otherNames, isNew, onSave, onRemove, onCancel }: EditorProps) {
  const uid = useId();
  const [draft, setDraft] = useState<AnnotationLayer>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = validateLayer(draft, otherNames);
  const valid = Object.keys(errors).length === 0;
  const set = (patch: Partial<AnnotationLayer>) => setDraft((d) => ({ ...d, ...patch }));
  const type = draft.annotationType;
  const native = type === 'EVENT' || type === 'INTERVAL';
  const nativeLayers = useJson<{ result: { id: number; name: string }[] }>(native ? NATIVE_LAYERS_URL : null);
  const charts = useJson<{ result: { id: number; slice_name: string; viz_type: string }[] }>(type === 'TIME_SERIES' ? CHARTS_URL : null);
  const shown = (field: 'name' | 'value') => (touched[field] ? errors[field] : undefined);

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(layerToSave(draft));
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Input id={`${uid}-name`} label="Name" value={draft.name} required error={shown('name')}
          onChange={(e) => set({ name: e.target.value })} onBlur={() => setTouched((t) => ({ ...t, name: true }))} />
        <Select id={`${uid}-type`} label="Annotation layer type" value={type} onChange={(e) => setDraft((d) => withType(d, e.target.value))}>
          {types.map((t) => (
            <option key={t} value={t}>{ANNOTATION_TYPE_LABELS[t]}</option>
          ))}
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={draft.show === false} onChange={(e) => set({ show: !e.target.checked })} />
        Hide layer
      </label>
      {type === 'FORMULA' && (
        <Input id={`${uid}-formula`} label="Formula" placeholder="2*x+1" value={typeof draft.value === 'string' ? draft.value : ''} error={shown('value')}
          hint="A formula of x, the time in milliseconds since epoch, e.g. 2*x+1" autoComplete="off" spellCheck={false}
          onChange={(e) => set({ value: e.target.value })} onBlur={() => setTouched((t) => ({ ...t, value: true }))} />
      )}
      {native && (
        <ChoiceSelect id={`${uid}-layer`} label="Annotation layer" value={draft.value} error={shown('value')} state={nativeLayers}
          options={(data) => data.result.map((l) => [String(l.id), l.name])}
          onChange={(v) => set({ value: v ? Number(v) : null })} />
      )}
      {type === 'TIME_SERIES' && (
        <ChoiceSelect id={`${uid}-chart`} label="Chart" value={draft.value} error={shown('value')} state={charts}
          options={(data) => data.result.filter((c) => TIME_SERIES_CHART.test(c.viz_type)).sort((a, b) => a.slice_name.localeCompare(b.slice_name)).map((c) => [String(c.id), c.slice_name])}
          onChange={(v) => set({ value: v ? Number(v) : null })} />
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Display configuration</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Select id={`${uid}-style`} label="Style" value={draft.style ?? 'solid'} onChange={(e) => set({ style: e.target.value })}>
            {LINE_STYLES.map(([v, l]) => (
              <option key={v} value={v}>{l}</option>
            ))}
          </Select>
          <Select id={`${uid}-opacity`} label="Opacity" value={draft.opacity ?? ''} onChange={(e) => set({ opacity: e.target.value })}>
            {OPACITIES.map(([v, l]) => (
              <option key={v} value={v}>{l}</option>
            ))}
          </Select>
          <Input id={`${uid}-width`} type="number" min={0} step={1} label="Line width" value={draft.width ?? 1}
            onChange={(e) => set({ width: e.target.value === '' ? 1 : Number(e.target.value) })} />
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={!draft.color} onChange={(e) => set({ color: e.target.checked ? null : '#1f77b4' })} />
              Automatic color
            </label>
            {draft.color ? (
              <Input id={`${uid}-color`} type="color" label="Color" layout="inline" value={draft.color} onChange={(e) => set({ color: e.target.value })} />
            ) : null}
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={Boolean(draft.showLabel)} onChange={(e) => set({ showLabel: e.target.checked })} />
          Show label
        </label>
        {type === 'TIME_SERIES' && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={Boolean(draft.hideLine)} onChange={(e) => set({ hideLine: e.target.checked })} />
            Hide line
          </label>
        )}
      </fieldset>
      <div className="flex justify-between gap-2">
        {isNew ? <Button size="sm" onClick={onCancel}>Cancel</Button> : <Button size="sm" variant="danger-outline" onClick={onRemove}>Remove</Button>}
        <div className="flex gap-2">
          {!isNew && <Button size="sm" onClick={onCancel}>Cancel</Button>}
          <Button size="sm" type="submit" variant="primary" disabled={!valid}>OK</Button>
        </div>
      </div>
    </form>
  );
}

function ChoiceSelect<T>({ id, label, value, error, state, options, onChange }: {
  id: string;
  label: string;
  value: unknown;
  error?: string;
  state: ReturnType<typeof useJson<T>>;
  options: (data: T) => [string, string][];
  onChange: (value: string) => void;
}) {
  const choices = state.status === 'done' ? options(state.data) : [];
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <Select id={id} label={label} value={current} error={state.status === 'failed' ? state.error : error} onChange={(e) => onChange(e.target.value)}
      hint={state.status === 'loading' ? 'Loading…' : state.status === 'done' && choices.length === 0 ? 'None found' : undefined}>
      <option value="">Select…</option>
      {/* The saved value stays selectable until the list arrives (or when it is gone from it). */}
      {current && !choices.some(([v]) => v === current) && <option value={current}>{current}</option>}
      {choices.map(([v, l]) => (
        <option key={v} value={v}>{l}</option>
      ))}
    </Select>
  );
}
