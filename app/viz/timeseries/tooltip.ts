/**
 * The time-series tooltip as Superset's: one row per series at the hovered x (rich tooltip) or
 * the hovered point alone, optionally sorted by value, each with its share of the total, and a
 * Total row; stacked charts list their series top of the stack first. Names are HTML-escaped:
 * series names come from the data.
 */

export const escapeHtml = (text: unknown): string =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TRUNCATION = 'overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 300px;';

/** Rows of cells (HTML) under a title (HTML); the focused row in bold, as Superset's tooltipHtml. */
export function tooltipHtml(rows: string[][], title: string, focusedRow?: number): string {
  const titleRow = title ? `<span style="font-weight: 700;${TRUNCATION}">${title}</span>` : '';
  const body =
    rows.length === 0
      ? '<tr><td>No data</td></tr>'
      : rows
          .map((row, i) => {
            const style = i === focusedRow ? 'font-weight: 700;' : 'opacity: 0.8;';
            const cells = row
              .map((cell, j) => `<td style="text-align: ${j > 0 ? 'right' : 'left'}; padding-left: ${j === 0 ? 0 : 16}px; ${TRUNCATION}">${cell}</td>`)
              .join('');
            return `<tr style="${style}">${cells}</tr>`;
          })
          .join('');
  return `<div>${titleRow}<table>${body}</table></div>`;
}

/** What ECharts hands a tooltip formatter for one series at a point. */
export interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  marker?: string;
  value?: unknown;
  data?: unknown;
}

export interface TooltipOptions {
  isHorizontal: boolean;
  richTooltip: boolean;
  sortByMetric: boolean;
  stacked: boolean;
  isMultiSeries: boolean;
  showTotal: boolean;
  showPercentage: boolean;
  /** Contribution or 'Expand': values are shares, no percentage column. */
  percentValues: boolean;
  formatter: (v: number) => string;
  percentFormatter: (v: number) => string;
  focusedSeries?: string | null;
}

/** The rows and the focused row index of one tooltip (Superset's timeseries tooltip formatter). */
export function buildTooltipRows(params: TooltipParam[], o: TooltipOptions): { rows: string[][]; focusedRow?: number } {
  const yIndex = o.isHorizontal ? 0 : 1;
  const numeric = (p: TooltipParam) => {
    const v = Array.isArray(p.value) ? p.value[yIndex] : undefined;
    return typeof v === 'number' && !Number.isNaN(v) ? v : undefined;
  };
  let ordered = o.richTooltip ? params : params.slice(0, 1);
  if (o.richTooltip && o.sortByMetric) {
    ordered = params.slice().sort((a, b) => (numeric(b) ?? Number.NEGATIVE_INFINITY) - (numeric(a) ?? Number.NEGATIVE_INFINITY));
  }
  const values = new Map<string, { marker: string; value: number }>();
  for (const p of ordered) {
    const v = numeric(p);
    const key = String(p.seriesId ?? p.seriesName ?? '');
    if (v !== undefined && !values.has(key)) values.set(key, { marker: p.marker ?? '', value: v });
  }
  const total = [...values.values()].reduce((acc, { value }) => acc + value, 0);
  const allowTotal = o.isMultiSeries && o.richTooltip;
  const showPercentage = allowTotal && !o.percentValues && o.showPercentage;
  const rows: string[][] = [];
  let focusedRow: number | undefined;
  for (const [key, { marker, value }] of values) {
    if (value === 0 && o.stacked) continue;
    const row = [`${marker}${escapeHtml(key)}`, o.formatter(value)];
    if (showPercentage) row.push(o.percentFormatter(value / (total || 1)));
    rows.push(row);
    if (key === o.focusedSeries) focusedRow = rows.length - 1;
  }
  if (o.stacked) {
    rows.reverse();
    if (focusedRow !== undefined) focusedRow = rows.length - focusedRow - 1;
  }
  if (allowTotal && o.showTotal) {
    const totalRow = ['Total', o.formatter(total)];
    if (showPercentage) totalRow.push(o.percentFormatter(1));
    rows.push(totalRow);
  }
  return { rows, focusedRow };
}
