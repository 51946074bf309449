/**
 * The annotation layer editor's rules (Superset's AnnotationLayer popover): the types a chart
 * offers, a new layer's defaults, where each type reads its value from, validation, and the
 * layer saved in form data (Superset's shape, read by app/viz/timeseries/annotations.ts and by
 * the server's annotation data).
 */
import { isValidFormula } from '~/viz/timeseries/formula';
import type { AnnotationLayer } from '~/viz/timeseries/types';
import type { VizMetadata } from '~/viz/types';

export type { AnnotationLayer };
export type AnnotationType = 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES';

export const ANNOTATION_TYPE_LABELS: Record<AnnotationType, string> = {
  FORMULA: 'Formula',
  EVENT: 'Event',
  INTERVAL: 'Interval',
  TIME_SERIES: 'Time series',
};

export const LINE_STYLES: readonly [string, string][] = [
  ['solid', 'Solid'],
  ['dashed', 'Dashed'],
  ['longDashed', 'Long dashed'],
  ['dotted', 'Dotted'],
];

export const OPACITIES: readonly [string, string][] = [
  ['', 'Solid'],
  ['opacityLow', '0.2'],
  ['opacityMedium', '0.5'],
  ['opacityHigh', '0.8'],
];

export const EMPTY_MESSAGE = 'cannot be empty';
export const BAD_FORMULA = 'Not a formula of x (e.g. 2*x+1)';

/** The types the chart draws, in Superset's order; none when the chart draws no annotations. */
export function supportedTypes(metadata: VizMetadata | null): AnnotationType[] {
  const own = metadata?.canBeAnnotationTypes ?? [];
  return (['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const).filter((t) => own.includes(t));
}

/** Where a type's value comes from: a formula typed in, a native layer id, or a chart id ('line'). */
export function sourceTypeFor(type: string): string {
  if (type === 'EVENT' || type === 'INTERVAL') return 'NATIVE';
  if (type === 'TIME_SERIES') return 'line';
  return '';
}

/** A new layer: shown, solid, 1 px, automatic colour, the first type the chart offers. */
export function newLayer(types: AnnotationType[]): AnnotationLayer {
  const annotationType = types.includes('FORMULA') ? 'FORMULA' : (types[0] ?? 'FORMULA');
  return {
    name: '',
    annotationType,
    sourceType: sourceTypeFor(annotationType),
    value: null,
    overrides: {},
    show: true,
    showLabel: false,
    titleColumn: '',
    descriptionColumns: [],
    timeColumn: '',
    intervalEndColumn: '',
    color: null,
    opacity: '',
    style: 'solid',
    width: 1,
    showMarkers: false,
    hideLine: false,
  };
}

/** A type change resets the value and its source, which mean something else for the other type. */
export function withType(layer: AnnotationLayer, annotationType: string): AnnotationLayer {
  if (layer.annotationType === annotationType) return layer;
  return { ...layer, annotationType, sourceType: sourceTypeFor(annotationType), value: null };
}

export type LayerErrors = Partial<Record<'name' | 'value', string>>;

/** Name and value are required (another layer's name too: a chart's annotation data is keyed by name); a formula must parse. */
export function validateLayer(layer: AnnotationLayer, otherNames: string[] = []): LayerErrors {
  const errors: LayerErrors = {};
  if (!layer.name.trim()) errors.name = EMPTY_MESSAGE;
  else if (otherNames.includes(layer.name.trim())) errors.name = 'An annotation layer of this name exists already';
  const value = layer.value;
  if (value === null || value === undefined || value === '') errors.value = EMPTY_MESSAGE;
  else if (layer.annotationType === 'FORMULA' && !isValidFormula(String(value))) errors.value = BAD_FORMULA;
  return errors;
}

/** The layer saved: the name trimmed, a native or chart layer's value as an id. */
export function layerToSave(layer: AnnotationLayer): AnnotationLayer {
  const value = layer.annotationType !== 'FORMULA' && typeof layer.value === 'string' && /^\d+$/.test(layer.value) ? Number(layer.value) : layer.value;
  return { ...layer, name: layer.name.trim(), value };
}

/** The list after the editor's OK: the layer at `index` replaced, or added at the end (index null). */
export function upsertLayer(layers: AnnotationLayer[], index: number | null, layer: AnnotationLayer): AnnotationLayer[] {
  if (index === null || index < 0 || index >= layers.length) return [...layers, layer];
  return layers.map((l, i) => (i === index ? layer : l));
}
