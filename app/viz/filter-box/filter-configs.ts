/**
 * The filter box's `filter_configs`: one entry per filter column, with Superset's keys (column,
 * label, multiple, searchAllOptions, clearable, defaultValue, asc, metric). A saved chart holds
 * them as a list of objects; the Explore panel edits them as JSON text (no list-of-objects control
 * fits yet), so every reader here takes either and keeps only entries with a column.
 */
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import type { QueryMetric } from '~/lib/chart-data/types';
import type { Validator, VizDatasource } from '../types';

export interface FilterConfig {
  column: string;
  label?: string;
  /** Several values at once (default true). */
  multiple: boolean;
  /** Search the whole column on the server (ILIKE) rather than the loaded choices (default false). */
  searchAllOptions: boolean;
  /** The choice may be emptied (default true; the panel's Required checkbox is its inverse). */
  clearable: boolean;
  /** The default choice as typed: one value, or several separated by ';' when multiple. */
  defaultValue?: string | null;
  /** Sort ascending (default true), by the metric when there is one, else by the value. */
  asc: boolean;
  /** The metric that sorts the choices (and is shown beside them). */
  metric?: QueryMetric | null;
}

export const FILTER_CONFIGS_MESSAGE = 'Filter configuration must be a JSON list of objects, each with a column';

/** The raw entries: the list itself, or the list a JSON text holds; null when it is neither. */
function rawEntries(value: unknown): unknown[] | null {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed = parseJsonText(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** The usable filter configs, defaults filled in; entries without a column are dropped. */
export function readFilterConfigs(value: unknown): FilterConfig[] {
  return (rawEntries(value) ?? []).flatMap((entry): FilterConfig[] => {
    if (!isJsonObject(entry) || typeof entry.column !== 'string' || entry.column === '') return [];
    const metric = typeof entry.metric === 'string' || isJsonObject(entry.metric) ? (entry.metric as QueryMetric) : null;
    const defaultValue = typeof entry.defaultValue === 'string' || typeof entry.defaultValue === 'number' ? String(entry.defaultValue) : null;
    return [
      {
        column: entry.column,
        label: typeof entry.label === 'string' && entry.label.trim() !== '' ? entry.label : undefined,
        multiple: bool(entry.multiple, true),
        searchAllOptions: bool(entry.searchAllOptions, false),
        clearable: bool(entry.clearable, true),
        defaultValue,
        asc: bool(entry.asc, true),
        metric: metric || null,
      },
    ];
  });
}

/** The panel's check: a list (or its JSON text) whose every entry is an object with a column. */
export const validateFilterConfigs: Validator = (value) => {
  const entries = rawEntries(value);
  if (entries === null) return FILTER_CONFIGS_MESSAGE;
  return entries.every((e) => isJsonObject(e) && typeof e.column === 'string' && e.column !== '') ? false : FILTER_CONFIGS_MESSAGE;
};

/** The label a filter shows: its own, else the column's verbose name, else the column. */
export function filterLabel(config: FilterConfig, datasource: VizDatasource | null | undefined): string {
  if (config.label) return config.label;
  const column = datasource?.columns.find((c) => c.column_name === config.column);
  return column?.verbose_name || datasource?.verboseMap?.[config.column] || config.column;
}

/** The default choice as texts: a ';'-separated list when multiple, else the one value. */
export function defaultChoices(config: FilterConfig): string[] {
  const text = config.defaultValue;
  if (text === null || text === undefined || text === '') return [];
  if (!config.multiple) return [text];
  return text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

// Type names the spec lists as integer and float (explore.md section 9), matched on the base name.
const INTEGER_TYPES = new Set(['TINYINT', 'SMALLINT', 'INT', 'INTEGER', 'BIGINT', 'LONG']);
const FLOAT_TYPES = new Set(['FLOAT', 'DOUBLE', 'REAL', 'NUMERIC', 'DECIMAL', 'MONEY']);

/**
 * A chosen value (form field text) as the column's type, for the filter it makes: a boolean column
 * takes 'true' as true (anything else false), integer and float types parse (null when not
 * numeric), anything else stays text.
 */
export function castChoice(text: string, column: VizDatasource['columns'][number] | undefined): string | number | boolean | null {
  const base = (column?.type ?? '').toUpperCase().replace(/\(.*$/, '').trim();
  if (base === 'BOOLEAN' || base === 'BOOL' || column?.type_generic === 3) return text.toLowerCase() === 'true';
  if (INTEGER_TYPES.has(base)) {
    const n = Number.parseInt(text, 10);
    return Number.isNaN(n) ? null : n;
  }
  if (FLOAT_TYPES.has(base)) {
    const n = Number.parseFloat(text);
    return Number.isNaN(n) ? null : n;
  }
  return text;
}
