/**
 * The pivot table's view: the model's flat rows pivoted here (pivot-data.ts) and drawn as
 * Superset's react-pivottable TableRenderer lays them out — column header rows per column
 * attribute (metrics being one, 'Metric'), the row attributes' header row, a row per row key with
 * spanning labels, 'Subtotal' cells, 'Total (<aggregate>)' row and column, conditional colours
 * on metric cells. Subtotal levels collapse and expand after hydration; without JavaScript the
 * whole pivot is there, expanded.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { createCurrencyFormatter, type Currency } from '~/lib/format/currency-format';
import { getNumberFormatter } from '~/lib/format/number-format';
import { getTimeFormatter, getTimeFormatterForGranularity } from '~/lib/format/time-format';
import { getColorFormatters, type ColorFormatter } from '../table/conditional-formatting';
import { flatKey, PivotData, sortAs, type Formatter, type Key, type PivotRecord, type Value } from './pivot-data';
import type { DateFormatSpec, PivotTableModel, PivotTableModelProps } from './types';

/** The attribute the metrics are pivoted under (Superset's t('Metric')). */
export const METRIC_KEY = 'Metric';

const valueFormatter = (d3Format: string | null | undefined, currency: Currency | null | undefined): Formatter =>
  currency?.symbol ? createCurrencyFormatter({ currency, d3Format }) : getNumberFormatter(d3Format);

function dateFormatter(spec: DateFormatSpec): (value: Value) => string {
  if ('asIs' in spec) return (value) => String(value);
  const formatter = 'granularity' in spec ? getTimeFormatterForGranularity(spec.granularity) : getTimeFormatter(spec.format);
  return (value) => formatter(typeof value === 'boolean' ? String(value) : (value as string | number | null));
}

export interface PivotLayout {
  pivot: PivotData;
  rows: string[];
  cols: string[];
  rowKeys: Key[];
  colKeys: Key[];
  rowTotals: boolean;
  colTotals: boolean;
  colorFormatters: ColorFormatter[];
  dateFormatters: Record<string, (value: Value) => string>;
}

/** The chart's pivot from the model: records unpivoted by metric, axes with the Metric attribute placed, formatters. */
export function buildPivot(props: PivotTableModelProps): PivotLayout {
  const { data, metrics, groupbyRows, groupbyColumns } = props;
  const unpivoted: PivotRecord[] = [];
  for (const record of data) {
    for (const name of metrics) {
      const value = record[name];
      // Null metric values are left out, as the chart does.
      if (value !== null) unpivoted.push({ ...record, [METRIC_KEY]: name, value });
    }
  }
  let [rows, cols] = props.transposePivot ? [groupbyColumns, groupbyRows] : [groupbyRows, groupbyColumns];
  if (props.metricsLayout === 'ROWS') rows = props.combineMetric ? [...rows, METRIC_KEY] : [METRIC_KEY, ...rows];
  else cols = props.combineMetric ? [...cols, METRIC_KEY] : [METRIC_KEY, ...cols];

  const custom = [...new Set([...Object.keys(props.columnFormats), ...Object.keys(props.currencyFormats)])];
  const customFormatters = custom.length
    ? {
        [METRIC_KEY]: Object.fromEntries(
          custom.map((metric) => [metric, valueFormatter(props.columnFormats[metric] || props.valueFormat, props.currencyFormats[metric] || props.currencyFormat)]),
        ),
      }
    : undefined;

  const pivot = new PivotData(
    {
      data: unpivoted,
      rows,
      cols,
      vals: ['value'],
      aggregatorName: props.aggregateFunction,
      defaultFormatter: valueFormatter(props.valueFormat, props.currencyFormat),
      customFormatters,
      sorters: { [METRIC_KEY]: sortAs(metrics) },
      rowOrder: props.rowOrder,
      colOrder: props.colOrder,
    },
    { rowEnabled: props.rowSubTotals, colEnabled: props.colSubTotals, rowPartialOnTop: props.rowSubtotalPosition, colPartialOnTop: props.colSubtotalPosition },
  );
  return {
    pivot,
    rows,
    cols,
    rowKeys: pivot.getRowKeys(),
    colKeys: pivot.getColKeys(),
    // Totals on an axis without attributes are always shown (it would have no cells otherwise).
    rowTotals: props.rowTotals || cols.length === 0,
    colTotals: props.colTotals || rows.length === 0,
    colorFormatters: getColorFormatters(props.conditionalFormatting, data),
    dateFormatters: Object.fromEntries(Object.entries(props.dateFormats).map(([name, spec]) => [name, dateFormatter(spec)])),
  };
}

/** For each key and level: the number of following keys sharing the prefix (the label's span), -1 where covered. */
export function attrSpans(keys: Key[]): number[][] {
  const spans: number[][] = [];
  const li: number[] = [];
  let lv: Key = [];
  keys.forEach((cv, i) => {
    const ent: number[] = [];
    let depth = 0;
    const limit = Math.min(lv.length, cv.length);
    while (depth < limit && lv[depth] === cv[depth]) {
      ent.push(-1);
      spans[li[depth]][depth] += 1;
      depth += 1;
    }
    while (depth < cv.length) {
      li[depth] = i;
      ent.push(1);
      depth += 1;
    }
    spans.push(ent);
    lv = cv;
  });
  return spans;
}

const visibleKeys = (keys: Key[], collapsed: Record<string, boolean>) => keys.filter((key) => !key.some((_, j) => collapsed[flatKey(key.slice(0, j))]));

const label = (value: Value, names: Record<string, string>): string => {
  const text = String(value);
  return (Object.hasOwn(names, text) && names[text]) || text;
};

const TH = 'border border-slate-200 bg-slate-50 px-2 py-1 text-left font-semibold';
const TD = 'border border-slate-200 px-2 py-1 text-right tabular-nums';

function Toggle({ collapsed, onClick, children }: { collapsed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      <button type="button" className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-sm border border-slate-300 text-[10px] leading-none text-slate-500" aria-expanded={!collapsed} aria-label={collapsed ? 'Expand' : 'Collapse'} onClick={onClick}>
        {collapsed ? '+' : '−'}
      </button>
      <span>{children}</span>
    </span>
  );
}

export default function PivotTableView({ model }: { model: PivotTableModel }) {
  const props = model.props;
  const layout = useMemo(() => (props.emptyMessage ? null : buildPivot(props)), [props]);
  const [collapsedRows, setCollapsedRows] = useState<Record<string, boolean>>({});
  const [collapsedCols, setCollapsedCols] = useState<Record<string, boolean>>({});

  if (!layout) {
    return (
      <div className="flex h-full w-full items-center justify-center p-4 text-sm text-slate-500" role="status" style={{ minHeight: Math.min(model.height, 120) }}>
        {props.emptyMessage}
      </div>
    );
  }
  const { pivot, rows, cols, rowKeys, colKeys, rowTotals, colTotals, colorFormatters, dateFormatters } = layout;
  const names = props.verboseMap;
  const totalLabel = `Total (${props.aggregateFunction})`;
  const visibleRows = visibleKeys(rowKeys, collapsedRows);
  const visibleCols = visibleKeys(colKeys, collapsedCols);
  const rowSpans = attrSpans(visibleRows);
  const colSpans = attrSpans(visibleCols);
  const maxRowVisible = Math.max(...visibleRows.map((k) => k.length));
  const maxColVisible = Math.max(...visibleCols.map((k) => k.length));
  const rowIncr = rows.length !== 0 ? 1 : 0;
  const colIncr = cols.length !== 0 ? 1 : 0;
  const headerText = (attr: string, value: Value) => label(dateFormatters[attr] ? dateFormatters[attr](value) : value, names);

  // Collapse or expand a whole level (the attribute's label), or one key (its label).
  const setLevel = (isRow: boolean, attrIdx: number, keys: Key[], collapse: boolean) => {
    const updates: Record<string, boolean> = {};
    if (collapse) for (const k of keys.filter((k) => k.length === attrIdx + 1)) updates[flatKey(k)] = true;
    else for (const k of keys) for (let i = 0; i <= attrIdx; i += 1) updates[flatKey(k.slice(0, i + 1))] = false;
    (isRow ? setCollapsedRows : setCollapsedCols)((state) => ({ ...state, ...updates }));
  };
  const toggleKey = (isRow: boolean, flat: string) => (isRow ? setCollapsedRows : setCollapsedCols)((state) => ({ ...state, [flat]: !state[flat] }));

  const colHeaderRows = cols.map((attr, attrIdx) => {
    const needToggle = props.colSubTotals && attrIdx !== cols.length - 1;
    const cells: ReactNode[] = [];
    if (attrIdx === 0 && rows.length !== 0) cells.push(<th key="padding" colSpan={rows.length} rowSpan={cols.length} aria-hidden="true" className="border border-slate-200 bg-slate-50" />);
    const levelOpen = attrIdx + 1 < maxColVisible;
    cells.push(
      <th key="label" className={`${TH} text-slate-500`}>
        {needToggle ? (
          <Toggle collapsed={!levelOpen} onClick={() => setLevel(false, attrIdx, colKeys, levelOpen)}>
            {label(attr, names)}
          </Toggle>
        ) : (
          label(attr, names)
        )}
      </th>,
    );
    let i = 0;
    while (i < visibleCols.length) {
      const colKey = visibleCols[i];
      const colSpan = attrIdx < colKey.length ? colSpans[i][attrIdx] : 1;
      if (attrIdx < colKey.length) {
        const flat = flatKey(colKey.slice(0, attrIdx + 1));
        const rowSpan = 1 + (attrIdx === cols.length - 1 ? rowIncr : 0);
        const text = headerText(attr, colKey[attrIdx]);
        cells.push(
          <th key={`col-${flat}`} colSpan={colSpan} rowSpan={rowSpan} className={TH}>
            {needToggle ? (
              <Toggle collapsed={Boolean(collapsedCols[flat])} onClick={() => toggleKey(false, flat)}>
                {text}
              </Toggle>
            ) : (
              text
            )}
          </th>,
        );
      } else if (attrIdx === colKey.length) {
        cells.push(
          <th key={`colsub-${flatKey(colKey)}`} colSpan={colSpan} rowSpan={cols.length - colKey.length + rowIncr} className={`${TH} italic`}>
            Subtotal
          </th>,
        );
      }
      i += colSpan;
    }
    if (attrIdx === 0 && rowTotals) {
      cells.push(
        <th key="total" rowSpan={cols.length + Math.min(rows.length, 1)} className={TH}>
          {totalLabel}
        </th>,
      );
    }
    return <tr key={`colAttr-${attrIdx}`}>{cells}</tr>;
  });

  const rowHeaderRow =
    rows.length !== 0 ? (
      <tr key="rowHdr">
        {rows.map((attr, i) => {
          const needToggle = props.rowSubTotals && i !== rows.length - 1;
          const levelOpen = i + 1 < maxRowVisible;
          return (
            <th key={`rowAttr-${i}`} className={`${TH} text-slate-500`}>
              {needToggle ? (
                <Toggle collapsed={!levelOpen} onClick={() => setLevel(true, i, rowKeys, levelOpen)}>
                  {label(attr, names)}
                </Toggle>
              ) : (
                label(attr, names)
              )}
            </th>
          );
        })}
        <th className={TH}>{cols.length === 0 ? totalLabel : null}</th>
      </tr>
    ) : null;

  const cellColor = (keys: Key, value: Value): string | undefined => {
    if (typeof value !== 'number') return undefined;
    let color: string | undefined;
    for (const key of keys) {
      if (color) break;
      for (const formatter of colorFormatters) {
        if (formatter.column !== key) continue;
        const result = formatter.getColorFromValue(value);
        if (result) color = result;
      }
    }
    return color;
  };

  const bodyRows = visibleRows.map((rowKey, rowIdx) => {
    const flatRow = flatKey(rowKey);
    const cells: ReactNode[] = rowKey.map((value, i) => {
      const span = rowSpans[rowIdx][i];
      if (span <= 0) return null;
      const flat = flatKey(rowKey.slice(0, i + 1));
      const needToggle = props.rowSubTotals && i !== rows.length - 1;
      const text = headerText(rows[i], value);
      return (
        <th key={`rowKey-${i}`} scope="row" rowSpan={span} colSpan={1 + (i === rows.length - 1 ? colIncr : 0)} className={`${TH} align-top`}>
          {needToggle ? (
            <Toggle collapsed={Boolean(collapsedRows[flat])} onClick={() => toggleKey(true, flat)}>
              {text}
            </Toggle>
          ) : (
            text
          )}
        </th>
      );
    });
    if (rowKey.length < rows.length) {
      cells.push(
        <th key="rowKeyBuffer" colSpan={rows.length - rowKey.length + colIncr} className={`${TH} italic`}>
          Subtotal
        </th>,
      );
    }
    for (const colKey of visibleCols) {
      const agg = pivot.getAggregator(rowKey, colKey);
      const value = agg.value();
      const background = agg.isSubtotal ? undefined : cellColor([...rowKey, ...colKey], value);
      cells.push(
        <td key={`val-${flatKey(colKey)}`} className={agg.isSubtotal ? `${TD} font-bold` : TD} style={background ? { backgroundColor: background } : undefined}>
          {agg.format(value)}
        </td>,
      );
    }
    if (rowTotals) {
      const agg = pivot.getAggregator(rowKey, []);
      cells.push(
        <td key="total" className={`${TD} font-semibold`}>
          {agg.format(agg.value())}
        </td>,
      );
    }
    return <tr key={`row-${flatRow}`}>{cells}</tr>;
  });

  const totalsRow = colTotals ? (
    <tr key="total">
      <th scope="row" colSpan={rows.length + Math.min(cols.length, 1)} className={TH}>
        {totalLabel}
      </th>
      {visibleCols.map((colKey) => {
        const agg = pivot.getAggregator([], colKey);
        return (
          <td key={`total-${flatKey(colKey)}`} className={`${TD} font-semibold`}>
            {agg.format(agg.value())}
          </td>
        );
      })}
      {rowTotals ? (
        <td key="grand" className={`${TD} font-bold`}>
          {pivot.getAggregator([], []).format(pivot.getAggregator([], []).value())}
        </td>
      ) : null}
    </tr>
  ) : null;

  return (
    <div className="h-full w-full overflow-auto text-sm text-slate-800" data-viz="pivot_table_v2">
      <table className="border-collapse" role="grid">
        <thead>
          {colHeaderRows}
          {rowHeaderRow}
        </thead>
        <tbody>
          {bodyRows}
          {totalsRow}
        </tbody>
      </table>
    </div>
  );
}
