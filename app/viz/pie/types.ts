/** The pie chart's form data and defaults (Superset's Pie types). */
import type { FormData } from '../types';

export const PieLabelType = {
  Key: 'key',
  Value: 'value',
  Percent: 'percent',
  KeyValue: 'key_value',
  KeyPercent: 'key_percent',
  KeyValuePercent: 'key_value_percent',
  ValuePercent: 'value_percent',
  Template: 'template',
} as const;
export type PieLabelType = (typeof PieLabelType)[keyof typeof PieLabelType];

/** Form data keys as stored (snake_case, and the camelCase keys Superset's pie stores as such). */
export interface PieFormData extends FormData {
  groupby?: unknown[];
  metric?: unknown;
  adhoc_filters?: unknown[];
  row_limit?: number | string | null;
  sort_by_metric?: boolean;
  color_scheme?: string;
  show_labels_threshold?: number | string | null;
  roseType?: 'area' | 'radius' | null;
  show_legend?: boolean;
  legendType?: string;
  legendOrientation?: string;
  legendMargin?: number | string | null;
  label_type?: PieLabelType;
  label_template?: string | null;
  number_format?: string;
  currency_format?: { symbol?: string | null; symbolPosition?: string | null } | null;
  date_format?: string;
  show_labels?: boolean;
  labels_outside?: boolean;
  label_line?: boolean;
  show_total?: boolean;
  outerRadius?: number;
  donut?: boolean;
  innerRadius?: number;
}

/** Superset's pie defaults (DEFAULT_FORM_DATA with the legend's). */
export const PIE_DEFAULTS = {
  donut: false,
  innerRadius: 30,
  labelLine: false,
  labelType: PieLabelType.Key as PieLabelType,
  legendOrientation: 'top',
  legendType: 'scroll',
  legendMargin: null as number | string | null,
  showLegend: true,
  numberFormat: 'SMART_NUMBER',
  outerRadius: 70,
  showLabels: true,
  labelsOutside: true,
  showLabelsThreshold: 5,
  dateFormat: 'smart_date',
  roseType: null as 'area' | 'radius' | null,
};
