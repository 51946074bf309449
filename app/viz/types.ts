/**
 * The visualization contract. A chart type is a folder `app/viz/<type>/` whose `index.ts` default-
 * exports a `VizPlugin`: metadata, a control panel, `buildQuery` (form data → the query context
 * POSTed to /api/v1/chart/data) and `transformProps` (form data + the answers → a chart model).
 * Everything here is pure and isomorphic: the server runs it to render SVG inside the HTML, the
 * browser runs the same code to make the chart interactive (app/viz imports only app/lib and
 * packages that run in both). Adding a chart type is adding a folder and a line in registry.ts.
 *
 * Names follow Superset's plugin API (ChartMetadata, ControlPanelConfig, buildQuery,
 * transformProps), and form data keys are Superset's, so a chart exported from Superset opens
 * unchanged.
 */
import type { ComponentType } from 'react';
import type { ChartDataResult, QueryContext } from '~/lib/chart-data/types';
import type { ColorContext } from '~/lib/colors';

/** A chart's form data: Superset's keys (snake_case and the camelCase some plugins use). */
export type FormData = { viz_type: string; datasource?: string; slice_id?: number | null; [key: string]: unknown };

export type VizCategory = 'Evolution' | 'Part of a Whole' | 'Distribution' | 'Correlation' | 'Ranking' | 'KPI' | 'Table' | 'Flow' | 'Map' | 'Other';

/** Superset's Behavior: what a chart can take part in. */
export type VizBehavior = 'INTERACTIVE_CHART' | 'NATIVE_FILTER' | 'DRILL_TO_DETAIL' | 'DRILL_BY';

export interface VizMetadata {
  /** The name the picker shows ('Pie Chart'). */
  name: string;
  description: string;
  category: VizCategory;
  /** The picker's tags ('Categorical', 'Featured', 'Popular', …). */
  tags: string[];
  /** A static image under /viz-thumbnails/ (the picker's tile), or null to draw a placeholder. */
  thumbnail: string | null;
  exampleGallery: { url: string; caption?: string }[];
  behaviors: VizBehavior[];
  /** Superset's ChartLabel: shown on the tile and in the picker's details. */
  label?: 'DEPRECATED' | 'LEGACY' | 'VERIFIED' | null;
  deprecated?: boolean;
  /** Annotation types this chart can draw (formula, event, interval, timeseries). */
  canBeAnnotationTypes?: ('FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES')[];
}

// ---------------------------------------------------------------------------------------------
// Controls

/** The kinds of control the Explore panel knows (spec explore.md section 2), by Superset's names. */
export type ControlType =
  | 'MetricsControl'
  | 'MetricControl'
  | 'ColumnsControl'
  | 'XAxisControl'
  | 'AdhocFilterControl'
  | 'DateFilterControl'
  | 'TimeGrainControl'
  | 'SelectControl'
  | 'CheckboxControl'
  | 'TextControl'
  | 'TextAreaControl'
  | 'SliderControl'
  | 'RadioButtonControl'
  | 'ColorSchemeControl'
  | 'ColorPickerControl'
  | 'CurrencyControl'
  | 'NumberFormatControl'
  | 'TimeFormatControl'
  | 'BoundsControl'
  | 'NumericRangeControl'
  | 'FixedOrMetricControl'
  | 'AnnotationLayerControl'
  | 'ColumnConfigControl'
  | 'ConditionalFormattingControl'
  | 'TimeSeriesColumnControl'
  | 'HiddenControl';

/** What a control's callbacks see: the form data so far and the dataset's columns and metrics. */
export interface ControlContext {
  formData: FormData;
  datasource: VizDatasource | null;
}

/** A validator: the message to show, or false when the value is fine (Superset's validators). */
export type Validator = (value: unknown, context: ControlContext) => string | false;

export type Choice = [value: string | number | boolean | null, label: string];

export interface ControlConfig {
  type: ControlType;
  label: string;
  description?: string;
  /** The value when the form data has none. */
  default?: unknown;
  /** Select-like controls: the options, fixed or from the dataset. */
  choices?: Choice[] | ((context: ControlContext) => Choice[]);
  multi?: boolean;
  /** A select that also takes values not among its choices (e.g. a d3 format typed in). */
  freeForm?: boolean;
  clearable?: boolean;
  validators?: Validator[];
  /** Shown only when this says so (Superset's `visibility`). */
  visibility?: (context: ControlContext) => boolean;
  /** A change re-renders the chart from the answers it has, without a new query. */
  renderTrigger?: boolean;
  /** Numeric text: the value must be an integer (isInt) or a number (isFloat). */
  isInt?: boolean;
  isFloat?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

/** A control in a row: a shared control by name (app/viz/shared/controls.ts) or one of the type's own. */
export type ControlItem = string | { name: string; config: ControlConfig } | null;

export interface ControlPanelSection {
  label: string | null;
  description?: string;
  expanded?: boolean;
  /** Rows of controls; a row holds one to three controls side by side. */
  controlSetRows: ControlItem[][];
}

export interface ControlPanel {
  sections: ControlPanelSection[];
  /** Changes to shared controls for this type (a different default, label or validators). */
  controlOverrides?: Record<string, Partial<ControlConfig>>;
  /**
   * Applied when a chart changes to this type, to the form data carried over from the old type
   * (Superset's formDataOverrides, run on a viz type change only; a saved chart is never changed).
   */
  formDataOverrides?: (formData: FormData) => FormData;
}

// ---------------------------------------------------------------------------------------------
// Data in, chart out

/** The dataset as a chart sees it (Superset's datasource in chartProps). */
export interface VizDatasource {
  id: number;
  type: string;
  name: string;
  columns: { column_name: string; verbose_name: string | null; type: string | null; type_generic: number | null; is_dttm: boolean; groupby?: boolean; filterable?: boolean }[];
  metrics: { metric_name: string; verbose_name: string | null; d3format: string | null; currency: { symbol: string; symbolPosition: string } | null; expression?: string }[];
  /** Column and metric names to the names shown ({name: verbose_name}). */
  verboseMap: Record<string, string>;
  mainDttmCol?: string | null;
}

export interface TransformInput<FD extends FormData = FormData> {
  formData: FD;
  /** The answers of the query context buildQuery made, in order. */
  queriesData: ChartDataResult[];
  width: number;
  height: number;
  datasource: VizDatasource;
  /** Label colours for this page (one context per page render; app/lib/colors). */
  colors: ColorContext;
  theme: 'light' | 'dark';
  /** The cross-filter of this chart, when one is set: its selected values mark the selection. */
  filterState?: { selectedValues?: unknown[] | null };
}

/**
 * What a chart draws. An ECharts chart is its option (functions allowed: it is built where it is
 * drawn, never serialised); the server renders it to SVG, the browser hands it to echarts.init.
 * An HTML chart (table, pivot table, big number) is props for the type's React view.
 */
export type ChartModel = EChartsModel | HtmlModel<object>;

export interface EChartsModel {
  kind: 'echarts';
  /** An ECharts option (typed loosely: app/viz must not pull echarts' runtime into every page). */
  option: Record<string, unknown>;
  width: number;
  height: number;
  /** ECharts extensions the option needs registered beyond the type's own (e.g. a map's geoJSON). */
  maps?: Record<string, unknown>;
}

export interface HtmlModel<P extends object = Record<string, unknown>> {
  kind: 'html';
  props: P;
  width: number;
  height: number;
}

/** A chart type. */
export interface VizPlugin<FD extends FormData = FormData, M extends ChartModel = ChartModel> {
  /** The viz_type key ('pie', 'echarts_timeseries_line', …). */
  type: string;
  metadata: VizMetadata;
  controlPanel: ControlPanel;
  /** Form data → the query context to POST (Superset's plugin buildQuery, same output). */
  buildQuery(formData: FD): QueryContext;
  /** Form data and the answers → the chart model. Pure: no I/O, no globals. */
  transformProps(input: TransformInput<FD>): M;
  /**
   * The React view of an HTML model (table, pivot table, big number): rendered on the server into
   * the HTML and hydrated in the browser, so it must render the same from the same model. An
   * ECharts type has none (the chart frame draws its option).
   */
  View?: ComponentType<{ model: Extract<M, HtmlModel<object>> }>;
}
