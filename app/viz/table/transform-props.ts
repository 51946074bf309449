/**
 * The table's transformProps, as Superset's plugin-chart-table (transformProps, TableChart's cell
 * rendering and utils/formatValue): which columns are metrics, each column's formatter (column
 * config first, then the dataset's saved metric format and currency, then the table's timestamp
 * format or the time grain's), the cell texts, cell bars, conditional colours, the summary row,
 * the row count and the page size. Time comparison columns (time_compare) are not drawn.
 */
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createCurrencyFormatter, type Currency } from '~/lib/format/currency-format';
import { getNumberFormatter, NumberFormats } from '~/lib/format/number-format';
import { getTimeFormatter, getTimeFormatterForGranularity, SMART_DATE_ID, TimeFormats } from '~/lib/format/time-format';
import { extractTimegrain } from '../shared/query/filters';
import { getMetricLabel } from '../shared/query/labels';
import type { QueryMetric } from '~/lib/chart-data/types';
import type { TransformInput, VizDatasource } from '../types';
import { getColorFormatters, type ColorFormatter } from './conditional-formatting';
import type { CellBar, TableAlign, TableCell, TableColumnConfig, TableColumnModel, TableFormData, TableModel } from './types';

export const NO_RESULTS_MESSAGE = 'No results were returned for this query';

type Formatter = (value: unknown) => string;

/** Raw records mode when `query_mode` says so, or when it is unset and `all_columns` has columns. */
export function getQueryMode(formData: Record<string, unknown>): 'aggregate' | 'raw' {
  if (formData.query_mode === 'aggregate' || formData.query_mode === 'raw') return formData.query_mode;
  return Array.isArray(formData.all_columns) && formData.all_columns.length > 0 ? 'raw' : 'aggregate';
}

const isNumericColumn = (key: string, data: Record<string, unknown>[]) =>
  data.every((row) => row[key] === null || row[key] === undefined || typeof row[key] === 'number');

/** The dataset's saved metric formats and currencies (Superset's datasource.columnFormats / currencyFormats). */
export function savedFormats(datasource: VizDatasource | undefined): { columnFormats: Record<string, string>; currencyFormats: Record<string, Currency> } {
  const columnFormats: Record<string, string> = {};
  const currencyFormats: Record<string, Currency> = {};
  for (const metric of datasource?.metrics ?? []) {
    if (metric.d3format) columnFormats[metric.metric_name] = metric.d3format;
    if (metric.currency?.symbol) currencyFormats[metric.metric_name] = metric.currency;
  }
  return { columnFormats, currencyFormats };
}

interface ColumnMeta extends TableColumnModel {
  config: TableColumnConfig;
  formatter?: Formatter;
}

const asFormatter = (f: (value: never) => string): Formatter => f as unknown as Formatter;

function processColumns(formData: TableFormData, result: ChartDataResult | undefined, datasource: VizDatasource | undefined): ColumnMeta[] {
  const { columnFormats, currencyFormats } = savedFormats(datasource);
  const verboseMap = datasource?.verboseMap ?? {};
  const granularity = extractTimegrain(formData);
  const tableTimestampFormat = formData.table_timestamp_format;
  const columnConfig = formData.column_config ?? {};
  const records = result?.data ?? [];
  const metrics = (formData.metrics ?? []).map((m) => getMetricLabel(m as QueryMetric));
  const rawPercentMetrics = (formData.percent_metrics ?? []).map((m) => getMetricLabel(m as QueryMetric));
  const metricsSet = new Set(metrics);
  const percentMetricsSet = new Set(rawPercentMetrics.map((m) => `%${m}`));
  const rawPercentSet = new Set(rawPercentMetrics);

  const colnames = result?.colnames ?? [];
  const coltypes = result?.coltypes ?? [];
  return colnames.flatMap((key, i): ColumnMeta[] => {
    // A metric only among the percent metrics shows as its percentage alone.
    if (rawPercentSet.has(key) && !metricsSet.has(key)) return [];
    const dataType = coltypes[i] ?? null;
    const config = Object.hasOwn(columnConfig, key) ? (columnConfig[key] ?? {}) : {};
    // Only numeric values are treated as metrics (MAX(text_column) is a metric too).
    const isMetric = metricsSet.has(key) && isNumericColumn(key, records);
    const isPercentMetric = percentMetricsSet.has(key);
    const bare = key.replace('%', '');
    const label = isPercentMetric && Object.hasOwn(verboseMap, bare) ? `%${verboseMap[bare]}` : (Object.hasOwn(verboseMap, key) && verboseMap[key]) || key;
    const isTime = dataType === GenericDataType.TEMPORAL;
    const isNumber = dataType === GenericDataType.NUMERIC;
    const savedFormat = Object.hasOwn(columnFormats, key) ? columnFormats[key] : undefined;
    const savedCurrency = Object.hasOwn(currencyFormats, key) ? currencyFormats[key] : undefined;
    const numberFormat = config.d3NumberFormat || savedFormat;
    const currency = config.currencyFormat?.symbol ? config.currencyFormat : savedCurrency;

    let formatter: Formatter | undefined;
    if (isTime || config.d3TimeFormat) {
      // A string column may take a d3 time format too; the column's own format comes first.
      const customFormat = config.d3TimeFormat || savedFormat;
      const timeFormat = customFormat || tableTimestampFormat;
      if (timeFormat === SMART_DATE_ID) {
        if (granularity) formatter = asFormatter(getTimeFormatterForGranularity(granularity));
        else if (customFormat) formatter = asFormatter(getTimeFormatter(customFormat));
        else if (isNumericColumn(key, records)) formatter = asFormatter(getTimeFormatter(TimeFormats.DATABASE_DATETIME));
        else formatter = String;
      } else if (timeFormat) {
        formatter = asFormatter(getTimeFormatter(timeFormat));
      }
    } else if (isPercentMetric) {
      formatter = asFormatter(getNumberFormatter(numberFormat || NumberFormats.PERCENT_3_POINT));
    } else if (isMetric || (isNumber && (numberFormat || currency))) {
      formatter = asFormatter(currency ? createCurrencyFormatter({ d3Format: numberFormat, currency }) : getNumberFormatter(numberFormat));
    }

    const isNumeric = isNumber;
    const align: TableAlign = config.horizontalAlign || (isNumeric ? 'right' : 'left');
    const width = config.columnWidth === undefined || config.columnWidth === null || config.columnWidth === '' ? null : Number.isNaN(Number(config.columnWidth)) ? config.columnWidth : Number(config.columnWidth);
    return [
      {
        key,
        label,
        dataType,
        isNumeric,
        isMetric,
        isPercentMetric,
        align,
        width,
        truncate: Boolean(config.truncateLongCells),
        sortType: dataType === GenericDataType.TEMPORAL ? 'datetime' : dataType === GenericDataType.STRING ? 'alphanumeric' : 'basic',
        config,
        formatter,
      },
    ];
  });
}

/** Superset's formatColumnValue: '' for a missing value, 'N/A' for null, numbers under 1 in the small-number format. */
export function formatColumnValue(column: Pick<ColumnMeta, 'dataType' | 'formatter' | 'config'>, value: unknown): string {
  const { dataType, formatter, config } = column;
  const isNumber = dataType === GenericDataType.NUMERIC;
  let use = formatter;
  if (isNumber && typeof value === 'number' && Math.abs(value) < 1 && config.d3SmallNumberFormat !== undefined) {
    use = asFormatter(
      config.currencyFormat?.symbol
        ? createCurrencyFormatter({ d3Format: config.d3SmallNumberFormat, currency: config.currencyFormat })
        : getNumberFormatter(config.d3SmallNumberFormat),
    );
  }
  if (value === undefined) return '';
  if (value === null) return 'N/A';
  if (use) {
    // A temporal value printed "as is" (smart date without a grain) prints the value received.
    if (use === String) return String(value);
    return use(dataType === GenericDataType.TEMPORAL && typeof value === 'number' ? new Date(value) : value);
  }
  return String(value);
}

/** The bar's width and offset in percent of the cell (Superset's cellWidth / cellOffset). */
export function cellBarGeometry(value: number, range: [number, number], alignPositiveNegative: boolean): { width: number; offset: number } {
  const [minValue, maxValue] = range;
  if (alignPositiveNegative) return { width: Math.abs(Math.round((value / maxValue) * 100)), offset: 0 };
  const posExtent = Math.abs(Math.max(maxValue, 0));
  const negExtent = Math.abs(Math.min(minValue, 0));
  const total = posExtent + negExtent;
  return {
    width: Math.round((Math.abs(value) / total) * 100),
    offset: Math.round((Math.min(negExtent + value, negExtent) / total) * 100),
  };
}

export const cellBarColor = (value: number, colorPositiveNegative: boolean) => `rgba(${colorPositiveNegative && value < 0 ? 150 : 0},0,0,0.2)`;

function valueRange(data: Record<string, unknown>[], key: string, alignPositiveNegative: boolean): [number, number] | null {
  if (typeof data[0]?.[key] !== 'number') return null;
  const nums = data.map((row) => row[key]).filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  if (!nums.length) return null;
  if (alignPositiveNegative) return [0, Math.max(...nums.map(Math.abs))];
  return [Math.min(...nums), Math.max(...nums)];
}

/** page_length as Superset reads it: a number, a numeric text, else 200 when the table has over 5,000 cells. */
export function getPageSize(pageSize: unknown, numRecords: number, numColumns: number): number {
  if (typeof pageSize === 'number') return pageSize || 0;
  if (typeof pageSize === 'string') return Number(pageSize) || 0;
  return numRecords * numColumns > 5000 ? 200 : 0;
}

function buildCell(column: ColumnMeta, value: unknown, range: [number, number] | null, formatters: ColorFormatter[], hasColorFormatters: boolean, flags: { alignPN: boolean; colorPN: boolean }): TableCell {
  const text = formatColumnValue(column, value);
  const isTemporal = column.dataType === GenericDataType.TEMPORAL;
  let background: string | undefined;
  if (hasColorFormatters) {
    for (const formatter of formatters) {
      if (formatter.column !== column.key) continue;
      const result = typeof value === 'number' ? formatter.getColorFromValue(value) : undefined;
      if (result) background = result;
    }
  }
  let bar: CellBar | undefined;
  if (range && typeof value === 'number' && Number.isFinite(value)) {
    const { width, offset } = cellBarGeometry(value, range, flags.alignPN);
    if (Number.isFinite(width) && Number.isFinite(offset)) bar = { width, offset, color: cellBarColor(value, flags.colorPN), negative: value < 0 };
  }
  const sort = value === null || value === undefined ? null : typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : JSON.stringify(value);
  return {
    text,
    sort: isTemporal && typeof value === 'string' ? Date.parse(value) : sort,
    search: value === null || value === undefined ? null : isTemporal ? text : typeof value === 'object' ? JSON.stringify(value) : String(value),
    title: typeof value === 'number' ? String(value) : undefined,
    background,
    bar,
    isNull: value === null || value === undefined,
  };
}

export default function transformProps(input: TransformInput<TableFormData>): TableModel {
  const { formData, queriesData = [], width, height, datasource } = input;
  const isRawRecords = getQueryMode(formData) === 'raw';
  const serverPagination = Boolean(formData.server_pagination);
  // Superset's transformProps defaults when a saved chart lacks the key (the controls default
  // align_pn to false, but charts saved without it draw aligned bars).
  const alignPN = formData.align_pn ?? true;
  const colorPN = formData.color_pn ?? true;
  const showCellBars = formData.show_cell_bars ?? true;

  const [baseQuery, second, third] = queriesData;
  const countQuery = serverPagination ? second : undefined;
  const totalQuery = serverPagination ? third : second;
  const rowCount = serverPagination ? Number(countQuery?.data?.[0]?.rowcount ?? 0) : (baseQuery?.rowcount ?? 0);
  const data = baseQuery?.data ?? [];
  const columns = processColumns(formData, baseQuery, datasource);
  const colorFormatters = getColorFormatters(formData.conditional_formatting, data);

  const perColumn = columns.map((column) => {
    const config = column.config;
    const columnAlignPN = config.alignPositiveNegative ?? alignPN;
    const columnColorPN = config.colorPositiveNegative ?? colorPN;
    const hasColorFormatters = column.isNumeric && colorFormatters.length > 0;
    const bars = !hasColorFormatters && (config.showCellBars ?? showCellBars) && (column.isMetric || isRawRecords || column.isPercentMetric);
    return {
      range: bars ? valueRange(data, column.key, columnAlignPN) : null,
      hasColorFormatters,
      flags: { alignPN: columnAlignPN, colorPN: columnColorPN },
    };
  });

  const rows = data.map((record) => columns.map((column, c) => buildCell(column, record[column.key], perColumn[c].range, colorFormatters, perColumn[c].hasColorFormatters, perColumn[c].flags)));

  const showTotals = Boolean(formData.show_totals) && !isRawRecords;
  const totalsRecord = showTotals ? totalQuery?.data?.[0] : undefined;
  const totals = totalsRecord ? columns.map((column, i) => (i === 0 ? null : formatColumnValue(column, totalsRecord[column.key]))) : null;

  const serverPageLength = Number(formData.server_page_length ?? 10) || 0;
  return {
    kind: 'html',
    width,
    height,
    props: {
      columns: columns.map(({ config: _config, formatter: _formatter, ...model }) => model),
      rows,
      totals,
      rowCount,
      pageSize: serverPagination ? serverPageLength : getPageSize(formData.page_length, data.length, columns.length),
      serverPagination,
      currentPage: serverPagination ? Math.max(0, Number((formData as { own_state?: { currentPage?: unknown } }).own_state?.currentPage ?? 0) || 0) : 0,
      includeSearch: Boolean(formData.include_search),
      sortDesc: Boolean(formData.order_desc),
      isRawRecords,
      emptyMessage: data.length === 0 ? NO_RESULTS_MESSAGE : null,
    },
  };
}
