/**
 * Annotation layers on a time-series chart, as Superset's Timeseries transformers draw them:
 * FORMULA layers as a line y = f(x) over the chart's x values; EVENT layers as vertical mark
 * lines and INTERVAL layers as shaded mark areas, from the records the chart data answer's
 * `annotation_data` holds for the layer (native layers: start_dttm, end_dttm, short_descr,
 * long_descr; table layers: the columns the layer names); TIME_SERIES layers (an array of
 * {key, values}) as extra lines.
 */
import type { ColorScale } from '~/lib/colors';
import { compileFormula } from './formula';
import type { AnnotationLayer, Orientation } from './types';

type Row = Record<string, unknown>;
type Series = Record<string, unknown>;

export interface AnnotationTheme {
  labelColor: string;
  labelBackground: string;
}

export const annotationTheme = (theme: 'light' | 'dark'): AnnotationTheme =>
  theme === 'dark' ? { labelColor: '#FFFFFF', labelBackground: '#1f1f1f' } : { labelColor: '#000000', labelBackground: '#FFFFFF' };

/** Superset's AnnotationOpacity names → ECharts opacities. */
export function parseAnnotationOpacity(opacity: unknown): number {
  switch (opacity) {
    case 'opacityLow':
      return 0.2;
    case 'opacityMedium':
      return 0.5;
    case 'opacityHigh':
      return 0.8;
    default:
      return 1;
  }
}

const NATIVE_COLUMNS = { descriptionColumns: ['long_descr'], intervalEndColumn: 'end_dttm', timeColumn: 'start_dttm', titleColumn: 'short_descr' };

export interface RecordAnnotation {
  descriptions: string[];
  intervalEnd: unknown;
  time: unknown;
  title: string;
}

const isRecordResult = (v: unknown): v is { records: Row[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { records?: unknown }).records);

const isTimeseriesResult = (v: unknown): v is { key: string; values: { x: unknown; y: unknown }[] }[] => Array.isArray(v);

/**
 * The layer's records as annotations. Superset throws 'Please rerun the query.' when the answer
 * has no data for the layer; here the layer is left out instead, so a stale answer cannot fail
 * the whole chart.
 */
export function extractRecordAnnotations(layer: AnnotationLayer, annotationData: Record<string, unknown>): RecordAnnotation[] {
  const result = annotationData[layer.name];
  if (!isRecordResult(result)) return [];
  const cols =
    layer.sourceType === 'table'
      ? {
          descriptionColumns: layer.descriptionColumns ?? [],
          intervalEndColumn: layer.intervalEndColumn ?? '',
          timeColumn: layer.timeColumn ?? '',
          titleColumn: layer.titleColumn ?? '',
        }
      : NATIVE_COLUMNS;
  return result.records.map((record) => ({
    descriptions: cols.descriptionColumns.map((c) => String(record[c] ?? '')),
    intervalEnd: record[cols.intervalEndColumn] || '',
    time: record[cols.timeColumn] || '',
    title: String(record[cols.titleColumn] || ''),
  }));
}

/** 'Layer - title\n\ndescription', as Superset labels an annotation. */
export function formatAnnotationLabel(name?: string, title?: string, descriptions: string[] = []): string {
  const labels: string[] = [];
  const titles = [name, title].filter(Boolean);
  if (titles.length > 0) labels.push(titles.join(' - '));
  const texts = descriptions.filter(Boolean);
  if (texts.length > 0) labels.push(texts.join('\n'));
  return labels.join('\n\n');
}

/** The legend entries annotation layers add: formula layers and the keys of time-series layers. */
export function extractAnnotationLabels(layers: AnnotationLayer[], data: Record<string, unknown>): string[] {
  const formulas = layers.filter((l) => l.annotationType === 'FORMULA' && l.show).map((l) => l.name);
  const timeseries = layers
    .filter((l) => l.annotationType === 'TIME_SERIES' && l.show)
    .flatMap((l) => {
      const result = data[l.name];
      return isTimeseriesResult(result) ? result.map((s) => s.key) : [];
    });
  return [...formulas, ...timeseries];
}

/**
 * A formula layer: y = f(x) at each x of the chart's rows (x as epoch ms on a time axis). A
 * formula that does not parse draws nothing rather than failing the chart.
 */
export function transformFormulaAnnotation(
  layer: AnnotationLayer,
  data: Row[],
  xAxisCol: string,
  xAxisType: string,
  colorScale: ColorScale,
  sliceId: number | null | undefined,
  orientation: Orientation,
): Series {
  const isHorizontal = orientation === 'horizontal';
  let points: [unknown, number][] = [];
  try {
    const f = compileFormula(String(layer.value ?? ''));
    points = data.map((row) => {
      let x = row[xAxisCol] as number | string | null;
      if (xAxisType === 'time') x = new Date(x as number).getTime();
      return [x, f(Number(x) || 0)];
    });
  } catch {
    points = [];
  }
  return {
    name: layer.name,
    id: layer.name,
    itemStyle: { color: layer.color || colorScale(layer.name, sliceId) },
    lineStyle: { opacity: parseAnnotationOpacity(layer.opacity), type: layer.style, width: layer.width },
    type: 'line',
    smooth: true,
    data: points.map(([x, y]) => (isHorizontal ? [y, x] : [x, y])),
    symbolSize: 0,
  };
}

export function transformIntervalAnnotation(
  layer: AnnotationLayer,
  annotationData: Record<string, unknown>,
  colorScale: ColorScale,
  theme: AnnotationTheme,
  sliceId: number | null | undefined,
  orientation: Orientation,
): Series[] {
  const isHorizontal = orientation === 'horizontal';
  const axis = isHorizontal ? 'yAxis' : 'xAxis';
  return extractRecordAnnotations(layer, annotationData).map(({ descriptions, intervalEnd, time, title }) => {
    const label = formatAnnotationLabel(layer.name, title, descriptions);
    const emphasis = { position: 'insideTop', verticalAlign: 'top', backgroundColor: theme.labelBackground };
    return {
      id: `Interval - ${label}`,
      type: 'line',
      animation: false,
      markArea: {
        silent: false,
        itemStyle: {
          color: layer.color || colorScale(layer.name, sliceId),
          opacity: parseAnnotationOpacity(layer.opacity || 'opacityMedium'),
          emphasis: { opacity: 0.8 },
        },
        label: layer.showLabel
          ? { show: true, color: theme.labelColor, position: 'insideTop', verticalAlign: 'top', fontWeight: 'bold', emphasis }
          : { show: false, color: theme.labelColor, emphasis: { ...emphasis, fontWeight: 'bold', show: true } },
        data: [[{ name: label, [axis]: time }, { [axis]: intervalEnd }]],
      },
    };
  });
}

export function transformEventAnnotation(
  layer: AnnotationLayer,
  annotationData: Record<string, unknown>,
  colorScale: ColorScale,
  theme: AnnotationTheme,
  sliceId: number | null | undefined,
  orientation: Orientation,
): Series[] {
  const isHorizontal = orientation === 'horizontal';
  const nameOf = (params: { name?: string }) => params.name ?? '';
  return extractRecordAnnotations(layer, annotationData).map(({ descriptions, time, title }) => {
    const label = formatAnnotationLabel(layer.name, title, descriptions);
    const { width } = layer;
    return {
      id: `Event - ${label}`,
      type: 'line',
      animation: false,
      markLine: {
        silent: false,
        symbol: 'none',
        lineStyle: {
          width,
          type: layer.style,
          color: layer.color || colorScale(layer.name, sliceId),
          opacity: parseAnnotationOpacity(layer.opacity),
          emphasis: { width: width ? width + 1 : width, opacity: 1 },
        },
        label: layer.showLabel
          ? {
              show: true,
              color: theme.labelColor,
              position: 'insideEndTop',
              fontWeight: 'bold',
              formatter: nameOf,
              emphasis: { backgroundColor: theme.labelBackground },
            }
          : {
              show: false,
              color: theme.labelColor,
              position: 'insideEndTop',
              emphasis: { formatter: nameOf, fontWeight: 'bold', show: true, backgroundColor: theme.labelBackground },
            },
        data: [{ name: label, ...(isHorizontal ? { yAxis: time } : { xAxis: time }) }],
      },
    };
  });
}

export function transformTimeseriesAnnotation(
  layer: AnnotationLayer,
  markerSize: number,
  annotationData: Record<string, unknown>,
  colorScale: ColorScale,
  sliceId: number | null | undefined,
  orientation: Orientation,
): Series[] {
  const result = annotationData[layer.name];
  if (!isTimeseriesResult(result)) return [];
  const isHorizontal = orientation === 'horizontal';
  return result.map(({ key, values }) => ({
    type: 'line',
    id: key,
    name: key,
    data: (values ?? []).map(({ x, y }) => (isHorizontal ? [y, x] : [x, y])),
    symbolSize: layer.showMarkers ? markerSize : 0,
    lineStyle: {
      opacity: parseAnnotationOpacity(layer.opacity),
      type: layer.style,
      width: layer.hideLine ? 0 : layer.width,
      color: layer.color || colorScale(layer.name, sliceId),
    },
  }));
}
