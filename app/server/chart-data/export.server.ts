/**
 * The file a CSV or XLSX chart data request answers: one query's rows as the file itself, several
 * as a ZIP of `query_<n>.<format>`, as Superset's chart data API bundles them. Column titles go
 * through the dataset's verbose names (Superset's `verbose_map`, where `__timestamp` is "Time").
 */
import { zipSync } from 'fflate';
import { InvalidInputError } from '../domain-errors.server';
import type { DatasetSource } from '../query/types.server';
import { toCsv, type TableData } from './csv.server';
import { toXlsx } from './xlsx.server';

export interface ExportFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

/** Superset's verbose_map of a dataset: column and metric names → the titles people gave them. */
export function verboseMap(source: Pick<DatasetSource, 'columns' | 'metrics'>): (column: string) => string {
  const map = new Map<string, string>([['__timestamp', 'Time']]);
  for (const c of source.columns) if (c.verbose_name) map.set(c.column_name, c.verbose_name);
  for (const m of source.metrics) if (m.verbose_name) map.set(m.metric_name, m.verbose_name);
  return (column) => map.get(column) ?? column;
}

/** `<name>_<UTC timestamp>`, safe as a file name on any system. */
export function exportBaseName(name: string | null | undefined, now = new Date()): string {
  const safe = (name ?? '').trim().replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 150) || 'export';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `superset_${safe}_${stamp}`;
}

export function exportFile(tables: TableData[], format: 'csv' | 'xlsx', header: (column: string) => string, baseName: string): ExportFile {
  if (tables.length === 0) throw new InvalidInputError('Empty query result');
  const encode = (table: TableData) => (format === 'csv' ? toCsv(table, header) : toXlsx(table, header));
  if (tables.length === 1) return { filename: `${baseName}.${format}`, contentType: CONTENT_TYPES[format], bytes: encode(tables[0]) };
  const files = Object.fromEntries(tables.map((table, i) => [`query_${i + 1}.${format}`, encode(table)]));
  return { filename: `${baseName}.zip`, contentType: CONTENT_TYPES.zip, bytes: zipSync(files) };
}
