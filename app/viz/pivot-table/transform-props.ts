/**
 * The pivot table's transformProps, as Superset's plugin-chart-pivot-table: the answer's rows and
 * the chart's settings for the view, the dataset's metric formats, and how each temporal
 * group-by's values print (the date format, or with the adaptive format the time grain's).
 */
import { GenericDataType, type QueryColumn, type QueryMetric } from '~/lib/chart-data/types';
import { SMART_DATE_ID, TimeFormats } from '~/lib/format/time-format';
import { extractTimegrain } from '../shared/query/filters';
import { getColumnLabel, getMetricLabel } from '../shared/query/labels';
import { NO_RESULTS_MESSAGE, savedFormats } from '../table/transform-props';
import type { TransformInput } from '../types';
import type { PivotRecord } from './pivot-data';
import type { DateFormatSpec, PivotTableFormData, PivotTableModel } from './types';

const isNumericColumn = (key: string, data: Record<string, unknown>[]) =>
  data.every((row) => row[key] === null || row[key] === undefined || typeof row[key] === 'number');

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

export default function transformProps(input: TransformInput<PivotTableFormData>): PivotTableModel {
  const { formData, queriesData, width, height, datasource } = input;
  const result = queriesData[0];
  const data = (result?.data ?? []) as PivotRecord[];
  const colnames = result?.colnames ?? [];
  const coltypes = result?.coltypes ?? [];
  const granularity = extractTimegrain(formData);
  const dateFormat = formData.date_format ?? SMART_DATE_ID;

  const dateFormats: Record<string, DateFormatSpec> = {};
  colnames.forEach((name, i) => {
    if (coltypes[i] !== GenericDataType.TEMPORAL) return;
    if (dateFormat === SMART_DATE_ID) {
      if (granularity) dateFormats[name] = { granularity };
      else if (isNumericColumn(name, data)) dateFormats[name] = { format: TimeFormats.DATABASE_DATETIME };
      else dateFormats[name] = { asIs: true };
    } else if (dateFormat) {
      dateFormats[name] = { format: dateFormat };
    }
  });

  const { columnFormats, currencyFormats } = savedFormats(datasource);
  return {
    kind: 'html',
    width,
    height,
    props: {
      data,
      groupbyRows: list(formData.groupbyRows).map((c) => getColumnLabel(c as QueryColumn)),
      groupbyColumns: list(formData.groupbyColumns).map((c) => getColumnLabel(c as QueryColumn)),
      metrics: list(formData.metrics).map((m) => getMetricLabel(m as QueryMetric)),
      aggregateFunction: formData.aggregateFunction ?? 'Sum',
      transposePivot: Boolean(formData.transposePivot),
      combineMetric: Boolean(formData.combineMetric),
      metricsLayout: formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS',
      rowOrder: formData.rowOrder ?? 'key_a_to_z',
      colOrder: formData.colOrder ?? 'key_a_to_z',
      rowTotals: Boolean(formData.rowTotals),
      colTotals: Boolean(formData.colTotals),
      rowSubTotals: Boolean(formData.rowSubTotals),
      colSubTotals: Boolean(formData.colSubTotals),
      rowSubtotalPosition: Boolean(formData.rowSubtotalPosition),
      colSubtotalPosition: Boolean(formData.colSubtotalPosition),
      valueFormat: formData.valueFormat ?? null,
      currencyFormat: formData.currency_format ?? null,
      columnFormats,
      currencyFormats,
      verboseMap: datasource?.verboseMap ?? {},
      dateFormats,
      conditionalFormatting: Array.isArray(formData.conditional_formatting) ? formData.conditional_formatting : [],
      emptyMessage: data.length === 0 ? NO_RESULTS_MESSAGE : null,
    },
  };
}
