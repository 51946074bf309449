/**
 * The pivot of the Pivot Table chart, as Superset's PivotTableChart computes it in the browser
 * with its react-pivottable fork (utilities.js): the flat rows are unpivoted into one record per
 * metric ({...row, Metric: name, value}), each record is pushed into the aggregator of its cell,
 * of its row and column totals, of every subtotal level when subtotals are on, and of the grand
 * total; keys sort naturally (metrics in the chart's order) or by their totals' values.
 *
 * This is not the server's pivot_df (app/lib/post-processing/client-processing.ts): that one is
 * pandas' pivot_table, whose totals aggregate aggregated cells, sort keys as pandas does and
 * lay out subtotals as flattened rows; the chart's totals aggregate the records themselves, its
 * keys sort naturally and its subtotals are collapsible headers, so the two differ on
 * Average/Median totals, ordering and layout. The chart is drawn as Superset's chart draws it.
 */

export type Value = string | number | boolean | null | undefined;
export type PivotRecord = Record<string, Value>;
export type Key = Value[];
export type Formatter = (value: number) => string;

export interface Aggregator {
  push(record: PivotRecord): void;
  value(): Value;
  format(value: Value): string;
  isSubtotal?: boolean;
  isRowSubtotal?: boolean;
  isColSubtotal?: boolean;
  /** "… as Fraction of …": the wrapped aggregator, whose value the fractions divide by. */
  inner?: Aggregator;
}

export type AggregatorFactory = (data: PivotData, rowKey: Key, colKey: Key) => Aggregator;
type Template = (vals: string[]) => AggregatorFactory;

/** react-pivottable's flatKey: the values joined by NUL (null and undefined as ''). */
export const flatKey = (values: Key): string => values.map((v) => (v === null || v === undefined ? '' : String(v))).join('\u0000');

const RX = /(\d+)|(\D+)/g;
const RD = /\d/;
const RZ = /^0/;

/** react-pivottable's naturalSort: nulls first, then numbers and numeric texts, then texts with digit runs compared as numbers. */
export function naturalSort(as: Value, bs: Value): number {
  if (bs !== null && as === null) return -1;
  if (as !== null && bs === null) return 1;
  if (typeof as === 'number' && Number.isNaN(as)) return -1;
  if (typeof bs === 'number' && Number.isNaN(bs)) return 1;
  const nas = Number(as);
  const nbs = Number(bs);
  if (nas < nbs) return -1;
  if (nas > nbs) return 1;
  if (typeof as === 'number' && typeof bs !== 'number') return -1;
  if (typeof bs === 'number' && typeof as !== 'number') return 1;
  if (typeof as === 'number' && typeof bs === 'number') return 0;
  if (Number.isNaN(nbs) && !Number.isNaN(nas)) return -1;
  if (Number.isNaN(nas) && !Number.isNaN(nbs)) return 1;
  const a = String(as);
  const b = String(bs);
  if (a === b) return 0;
  if (!RD.test(a) || !RD.test(b)) return a > b ? 1 : -1;
  const ap = a.match(RX) ?? [];
  const bp = b.match(RX) ?? [];
  while (ap.length && bp.length) {
    const a1 = ap.shift() as string;
    const b1 = bp.shift() as string;
    if (a1 !== b1) {
      if (RD.test(a1) && RD.test(b1)) return Number(a1.replace(RZ, '.0')) - Number(b1.replace(RZ, '.0'));
      return a1 > b1 ? 1 : -1;
    }
  }
  return ap.length - bp.length;
}

export type Sorter = (a: Value, b: Value) => number;

/** A sorter putting the given values first, in their order (case-insensitively next), the rest naturally. */
export function sortAs(order: Value[]): Sorter {
  const mapping = new Map<string, number>();
  const lower = new Map<string, number>();
  order.forEach((element, i) => {
    mapping.set(String(element), i);
    if (typeof element === 'string') lower.set(element.toLowerCase(), i);
  });
  return (a, b) => {
    const ka = String(a);
    const kb = String(b);
    const ma = mapping.get(ka);
    const mb = mapping.get(kb);
    if (ma !== undefined && mb !== undefined) return ma - mb;
    if (ma !== undefined) return -1;
    if (mb !== undefined) return 1;
    const la = lower.get(ka);
    const lb = lower.get(kb);
    if (la !== undefined && lb !== undefined) return la - lb;
    if (la !== undefined) return -1;
    if (lb !== undefined) return 1;
    return naturalSort(a, b);
  };
}

const getSort = (sorters: Record<string, Sorter> | undefined, attr: string): Sorter => (sorters && Object.hasOwn(sorters, attr) ? sorters[attr] : naturalSort);

const fmtNonString = (formatter: Formatter) => (x: Value) => (typeof x === 'string' ? x : formatter(x as number));
const isNaNValue = (x: Value) => Number.isNaN(Number(x));

// ---- aggregator templates (react-pivottable's, with the quirks the chart shows) ----

const count =
  (formatter: Formatter): Template =>
  () =>
  () => {
    let n = 0;
    return { push: () => void (n += 1), value: () => n, format: (x) => formatter(x as number) };
  };

const uniques =
  (fn: (values: Value[]) => Value, formatter: (x: Value) => string): Template =>
  ([attr]) =>
  () => {
    const uniq: Value[] = [];
    return {
      push(record) {
        if (!uniq.includes(record[attr])) uniq.push(record[attr]);
      },
      value: () => fn(uniq),
      format: formatter,
    };
  };

const sum =
  (formatter: Formatter): Template =>
  ([attr]) =>
  () => {
    let total: Value = 0;
    return {
      push(record) {
        const x = record[attr];
        // A non-numeric value replaces the sum (the chart then shows that text).
        if (isNaNValue(x)) total = x;
        else total = (total as number) + parseFloat(String(x));
      },
      value: () => total,
      format: fmtNonString(formatter),
    };
  };

const extremes =
  (mode: 'min' | 'max' | 'first' | 'last', formatter: Formatter): Template =>
  ([attr]) =>
  (data) => {
    let val: Value = null;
    const sorter = getSort(data?.sorters, attr);
    return {
      push(record) {
        const x = record[attr];
        if (mode === 'min' || mode === 'max') {
          const coerced = Number(x);
          if (Number.isNaN(coerced)) {
            val = !val || (mode === 'min' && (x as string) < (val as string)) || (mode === 'max' && (x as string) > (val as string)) ? x : val;
          } else {
            val = Math[mode](coerced, val !== null ? (val as number) : coerced);
          }
        } else if (mode === 'first' && sorter(x, val !== null ? val : x) <= 0) {
          val = x;
        } else if (mode === 'last' && sorter(x, val !== null ? val : x) >= 0) {
          val = x;
        }
      },
      value: () => val,
      format: (x) => (typeof x === 'number' ? formatter(x) : (x as string)),
    };
  };

const quantile =
  (q: number, formatter: Formatter): Template =>
  ([attr]) =>
  () => {
    const vals: number[] = [];
    const strMap: Record<string, number> = {};
    return {
      push(record) {
        const v = record[attr];
        const x = Number(v);
        if (Number.isNaN(x)) strMap[String(v)] = (strMap[String(v)] || 0) + 1;
        else vals.push(x);
      },
      value() {
        const keys = Object.keys(strMap);
        if (vals.length === 0 && keys.length === 0) return null;
        if (keys.length) {
          const middle = Math.floor(keys.length / 2);
          // react-pivottable's text "median" (an even count concatenates and halves: NaN).
          return keys.length % 2 !== 0 ? keys[middle] : Number(keys[middle - 1] + keys[middle]) / 2;
        }
        vals.sort((a, b) => a - b);
        const i = (vals.length - 1) * q;
        return (vals[Math.floor(i)] + vals[Math.ceil(i)]) / 2.0;
      },
      format: fmtNonString(formatter),
    };
  };

const runningStat =
  (mode: 'mean' | 'var' | 'stdev', ddof: number, formatter: Formatter): Template =>
  ([attr]) =>
  () => {
    let n = 0;
    let m = 0;
    let s = 0;
    let strValue: string | null = null;
    return {
      push(record) {
        const x = Number(record[attr]);
        if (Number.isNaN(x)) {
          strValue = typeof record[attr] === 'string' ? (record[attr] as string) : strValue;
          return;
        }
        n += 1;
        if (n === 1) m = x;
        const mNew = m + (x - m) / n;
        s += (x - m) * (x - mNew);
        m = mNew;
      },
      value() {
        if (strValue) return strValue;
        if (mode === 'mean') return n === 0 ? NaN : m;
        if (n <= ddof) return 0;
        return mode === 'var' ? s / (n - ddof) : Math.sqrt(s / (n - ddof));
      },
      format: fmtNonString(formatter),
    };
  };

const fractionOf =
  (wrapped: Template, type: 'total' | 'row' | 'col', formatter: Formatter): Template =>
  (vals) =>
  (data, rowKey, colKey) => {
    const selector: [Key, Key] = type === 'total' ? [[], []] : type === 'row' ? [rowKey, []] : [[], colKey];
    const inner = wrapped(vals)(data, rowKey, colKey);
    return {
      inner,
      push: (record) => inner.push(record),
      format: fmtNonString(formatter),
      value() {
        const whole = data.getAggregator(...selector).inner?.value();
        if (typeof whole === 'string') return whole;
        return (inner.value() as number) / (whole as number);
      },
    };
  };

/** The chart's aggregate functions (Superset's aggregatorsFactory), every value printed with `formatter`. */
export function aggregatorsFactory(formatter: Formatter): Record<string, Template> {
  return {
    Count: count(formatter),
    'Count Unique Values': uniques((x) => x.length, fmtNonString(formatter)),
    'List Unique Values': uniques((x) => x.join(', '), fmtNonString(formatter)),
    Sum: sum(formatter),
    Average: runningStat('mean', 1, formatter),
    Median: quantile(0.5, formatter),
    'Sample Variance': runningStat('var', 1, formatter),
    'Sample Standard Deviation': runningStat('stdev', 1, formatter),
    Minimum: extremes('min', formatter),
    Maximum: extremes('max', formatter),
    First: extremes('first', formatter),
    Last: extremes('last', formatter),
    'Sum as Fraction of Total': fractionOf(sum(formatter), 'total', formatter),
    'Sum as Fraction of Rows': fractionOf(sum(formatter), 'row', formatter),
    'Sum as Fraction of Columns': fractionOf(sum(formatter), 'col', formatter),
    'Count as Fraction of Total': fractionOf(count(formatter), 'total', formatter),
    'Count as Fraction of Rows': fractionOf(count(formatter), 'row', formatter),
    'Count as Fraction of Columns': fractionOf(count(formatter), 'col', formatter),
  };
}

export const AGGREGATE_FUNCTIONS = Object.keys(aggregatorsFactory(String));

export type Order = 'key_a_to_z' | 'key_z_to_a' | 'value_a_to_z' | 'value_z_to_a';

export interface PivotDataOptions {
  data: PivotRecord[];
  rows: string[];
  cols: string[];
  vals: string[];
  aggregatorName: string;
  defaultFormatter: Formatter;
  /** Formatters by attribute then value (the chart's {Metric: {metric: formatter}}). */
  customFormatters?: Record<string, Record<string, Formatter>>;
  sorters?: Record<string, Sorter>;
  rowOrder?: Order | string;
  colOrder?: Order | string;
}

export interface SubtotalOptions {
  rowEnabled?: boolean;
  colEnabled?: boolean;
  rowPartialOnTop?: boolean;
  colPartialOnTop?: boolean;
}

const EMPTY: Aggregator = { push() {}, value: () => null, format: () => '' };

export class PivotData {
  readonly props: PivotDataOptions;
  readonly sorters: Record<string, Sorter> | undefined;
  private readonly aggregator: AggregatorFactory;
  private readonly formattedAggregators: Record<string, Record<string, AggregatorFactory>> | null;
  private readonly tree: Record<string, Record<string, Aggregator>> = {};
  private readonly rowKeys: Key[] = [];
  private readonly colKeys: Key[] = [];
  private readonly rowTotals: Record<string, Aggregator> = {};
  private readonly colTotals: Record<string, Aggregator> = {};
  private readonly allTotal: Aggregator;
  private sorted = false;

  constructor(
    props: PivotDataOptions,
    private readonly subtotals: SubtotalOptions = {},
  ) {
    this.props = { rowOrder: 'key_a_to_z', colOrder: 'key_a_to_z', ...props };
    this.sorters = props.sorters;
    const templates = aggregatorsFactory(props.defaultFormatter);
    const template = Object.hasOwn(templates, props.aggregatorName) ? templates[props.aggregatorName] : templates.Sum;
    const pick = (formatter: Formatter) => {
      const t = aggregatorsFactory(formatter);
      return (Object.hasOwn(t, props.aggregatorName) ? t[props.aggregatorName] : t.Sum)(props.vals);
    };
    this.aggregator = template(props.vals);
    this.formattedAggregators = props.customFormatters
      ? Object.fromEntries(Object.entries(props.customFormatters).map(([attr, byValue]) => [attr, Object.fromEntries(Object.entries(byValue).map(([value, f]) => [value, pick(f)]))]))
      : null;
    this.allTotal = this.aggregator(this, [], []);
    for (const record of props.data) this.processRecord(record);
  }

  /** The aggregator with a metric's own format when the record is that metric's (and, for totals, the metric is in the key). */
  private getFormattedAggregator(record: PivotRecord, totalsKeys?: Key): AggregatorFactory {
    const formatted = this.formattedAggregators;
    if (!formatted) return this.aggregator;
    const found = Object.entries(record).find(([name, value]) => formatted[name] && Object.hasOwn(formatted[name], String(value)));
    if (!found) return this.aggregator;
    const [name, value] = found;
    if (!value || (totalsKeys && !totalsKeys.includes(value))) return this.aggregator;
    return formatted[name][String(value)] ?? this.aggregator;
  }

  private arrSort(attrs: string[], partialOnTop: boolean | undefined, reverse = false) {
    const sorters = attrs.map((a) => getSort(this.sorters, a));
    return (a: Key, b: Key) => {
      const limit = Math.min(a.length, b.length);
      for (let i = 0; i < limit; i += 1) {
        const comparison = reverse ? sorters[i](b[i], a[i]) : sorters[i](a[i], b[i]);
        if (comparison !== 0) return comparison;
      }
      return partialOnTop ? a.length - b.length : b.length - a.length;
    };
  }

  private sortKeys() {
    if (this.sorted) return;
    this.sorted = true;
    const v = (r: Key, c: Key) => this.getAggregator(r, c).value();
    switch (this.props.rowOrder) {
      case 'key_z_to_a':
        this.rowKeys.sort(this.arrSort(this.props.rows, this.subtotals.rowPartialOnTop, true));
        break;
      case 'value_a_to_z':
        this.rowKeys.sort((a, b) => naturalSort(v(a, []), v(b, [])));
        break;
      case 'value_z_to_a':
        this.rowKeys.sort((a, b) => -naturalSort(v(a, []), v(b, [])));
        break;
      default:
        this.rowKeys.sort(this.arrSort(this.props.rows, this.subtotals.rowPartialOnTop));
    }
    switch (this.props.colOrder) {
      case 'key_z_to_a':
        this.colKeys.sort(this.arrSort(this.props.cols, this.subtotals.colPartialOnTop, true));
        break;
      case 'value_a_to_z':
        this.colKeys.sort((a, b) => naturalSort(v([], a), v([], b)));
        break;
      case 'value_z_to_a':
        this.colKeys.sort((a, b) => -naturalSort(v([], a), v([], b)));
        break;
      default:
        this.colKeys.sort(this.arrSort(this.props.cols, this.subtotals.colPartialOnTop));
    }
  }

  getRowKeys(): Key[] {
    this.sortKeys();
    return this.rowKeys;
  }

  getColKeys(): Key[] {
    this.sortKeys();
    return this.colKeys;
  }

  private processRecord(record: PivotRecord) {
    const colKey = this.props.cols.map((col) => (col in record ? record[col] : 'null'));
    const rowKey = this.props.rows.map((row) => (row in record ? record[row] : 'null'));
    this.allTotal.push(record);
    const rowStart = this.subtotals.rowEnabled ? 1 : Math.max(1, rowKey.length);
    const colStart = this.subtotals.colEnabled ? 1 : Math.max(1, colKey.length);
    for (let ri = rowStart; ri <= rowKey.length; ri += 1) {
      const fRowKey = rowKey.slice(0, ri);
      const flat = flatKey(fRowKey);
      if (!this.rowTotals[flat]) {
        this.rowKeys.push(fRowKey);
        this.rowTotals[flat] = this.getFormattedAggregator(record, rowKey)(this, fRowKey, []);
      }
      this.rowTotals[flat].push(record);
      this.rowTotals[flat].isSubtotal = ri < rowKey.length;
    }
    for (let ci = colStart; ci <= colKey.length; ci += 1) {
      const fColKey = colKey.slice(0, ci);
      const flat = flatKey(fColKey);
      if (!this.colTotals[flat]) {
        this.colKeys.push(fColKey);
        this.colTotals[flat] = this.getFormattedAggregator(record, colKey)(this, [], fColKey);
      }
      this.colTotals[flat].push(record);
      this.colTotals[flat].isSubtotal = ci < colKey.length;
    }
    for (let ri = rowStart; ri <= rowKey.length; ri += 1) {
      const isRowSubtotal = ri < rowKey.length;
      const fRowKey = rowKey.slice(0, ri);
      const flatRow = flatKey(fRowKey);
      const branch = (this.tree[flatRow] ??= {});
      for (let ci = colStart; ci <= colKey.length; ci += 1) {
        const isColSubtotal = ci < colKey.length;
        const fColKey = colKey.slice(0, ci);
        const flatCol = flatKey(fColKey);
        if (!branch[flatCol]) branch[flatCol] = this.getFormattedAggregator(record)(this, fRowKey, fColKey);
        const agg = branch[flatCol];
        agg.push(record);
        agg.isRowSubtotal = isRowSubtotal;
        agg.isColSubtotal = isColSubtotal;
        agg.isSubtotal = isRowSubtotal || isColSubtotal;
      }
    }
  }

  getAggregator(rowKey: Key, colKey: Key): Aggregator {
    let agg: Aggregator | undefined;
    if (rowKey.length === 0 && colKey.length === 0) agg = this.allTotal;
    else if (rowKey.length === 0) agg = this.colTotals[flatKey(colKey)];
    else if (colKey.length === 0) agg = this.rowTotals[flatKey(rowKey)];
    else agg = this.tree[flatKey(rowKey)]?.[flatKey(colKey)];
    return agg ?? EMPTY;
  }
}
