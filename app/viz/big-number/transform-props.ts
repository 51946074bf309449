/**
 * big_number: the latest value of the series (or its sum, mean, min, max, median, or the overall
 * value of the second query), the percent change against `compare_lag` periods back, the
 * timestamp, and the trendline as an ECharts model. As Superset's BigNumberWithTrendline; the
 * view gets plain texts, sizes and colours, and the page layer draws the trendline model where
 * the view leaves its placeholder.
 */
import type { QueryMetric } from '~/lib/chart-data/types';
import { formatNumber } from '~/lib/format/number-format';
import { getMetricLabel, getXAxisLabel } from '../shared/query';
import type { EChartsModel, FormData, HtmlModel, TransformInput } from '../types';
import {
  fitFontSize,
  headerFormatterFor,
  metricDisplayName,
  NO_DATA,
  NO_DATA_OR_HASNT_LANDED,
  NO_DATA_TRY_FILTERS,
  parseMetricValue,
} from '../big-number-total/kpi';
import type { BigNumberLine } from '../big-number-total/transform-props';

export type TimeSeriesDatum = [number | null, number | null];

export interface BigNumberProps {
  bigNumber: number | null;
  /** 'positive' or 'negative' when a comparison is shown, else ''. */
  className: '' | 'positive' | 'negative';
  /** The timestamp line (show_timestamp). */
  kicker: BigNumberLine | null;
  header: BigNumberLine;
  subheader: BigNumberLine | null;
  subtitle: BigNumberLine | null;
  /** The metric's name above the number (show_metric_name). */
  metricName: BigNumberLine | null;
  /** The value shown is an older one: the latest point is null ("Not up to date"). */
  fallbackWarning: { text: string; title: string } | null;
  /** The trendline's box (the page layer draws `trendline` into it), or null without one. */
  trendline: EChartsModel | null;
  /** The trendline drawn as SVG, filled in by the page layer on the server (renderChart). */
  trendlineSvg?: string;
  /** The height of the text part (the whole height without a trendline). */
  textHeight: number;
  mainColor: string;
}

export type BigNumberModel = HtmlModel<BigNumberProps> & { kind: 'html' };

/** The trendline takes this share of the chart's height, the texts the rest (Superset's PROPORTION). */
export const TRENDLINE_PROPORTION = 0.3;
const KICKER_PROPORTION = 0.1;

const num = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n) ? fallback : n;
};

/** The big number from the points (newest first) by the aggregation method. */
export function aggregate(sorted: TimeSeriesDatum[], aggregation: unknown): number | null {
  const method = String(aggregation ?? 'LAST_VALUE').toLowerCase();
  const values = sorted.map(([, v]) => v).filter((v): v is number => v !== null && !Number.isNaN(v));
  if (method === 'last_value' || method === 'raw' || !['sum', 'mean', 'min', 'max', 'median'].includes(method)) {
    return sorted.length ? sorted[0][1] : null;
  }
  if (!values.length) return null;
  switch (method) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'mean':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    default: {
      const s = [...values].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function transformProps({ formData, queriesData, width, height, datasource, theme }: TransformInput<FormData>): BigNumberModel {
  const first = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const { data = [], colnames = [], coltypes = [] } = first;
  const metric = (formData.metric ?? 'value') as QueryMetric;
  const metricName = getMetricLabel(metric);
  const xAxisLabel = getXAxisLabel(formData) ?? '__timestamp';
  const aggregation = formData.aggregation ?? 'LAST_VALUE';
  const compareLag = Number(formData.compare_lag) || 0;
  const compareSuffix = String(formData.compare_suffix ?? '');
  const showTrendLine = formData.show_trend_line !== false;
  const color = (formData.color_picker ?? { r: 0, g: 122, b: 135 }) as { r: number; g: number; b: number };
  const mainColor = `rgb(${color.r}, ${color.g}, ${color.b})`;

  // Newest first, as Superset sorts them.
  const sorted: TimeSeriesDatum[] = data
    .map((row) => [parseMetricValue(row[xAxisLabel]), parseMetricValue(row[metricName])] as TimeSeriesDatum)
    .sort((a, b) => (a[0] !== null && b[0] !== null ? b[0] - a[0] : 0));

  let bigNumber: number | null = null;
  let timestamp: number | null = null;
  let fallback: TimeSeriesDatum | undefined;
  if (sorted.length) {
    timestamp = sorted[0][0];
    const overall = queriesData[1]?.data?.[0];
    if (aggregation === 'raw' && overall) {
      const value = overall[metricName] ?? Object.values(overall).find((v) => typeof v === 'number');
      bigNumber = parseMetricValue(value);
    } else {
      bigNumber = aggregate(sorted, aggregation);
    }
    if (bigNumber === null) {
      fallback = sorted.find((d) => d[1] !== null);
      bigNumber = fallback ? fallback[1] : null;
      timestamp = fallback ? fallback[0] : null;
    }
  }

  let subheaderText = String(formData.subheader ?? '');
  let percentChange = 0;
  if (compareLag > 0 && compareLag < sorted.length) {
    const from = sorted[compareLag][1];
    const to = sorted[0][1];
    if (to !== null && from !== null) {
      percentChange = from ? (to - from) / Math.abs(from) : 0;
      subheaderText = `${formatNumber('+.1%', percentChange)} ${compareSuffix}`.trim();
    }
  }
  const className = percentChange > 0 ? 'positive' : percentChange < 0 ? 'negative' : '';

  const metricColtype = coltypes[colnames.indexOf(metricName)] ?? null;
  const { headerFormatter, formatTime } = headerFormatterFor({ formData, datasource, metricColtype });

  // Oldest first for the line; with a fixed time range the line spans the whole range.
  let trendLineData: TimeSeriesDatum[] | undefined = showTrendLine && sorted.length ? [...sorted].reverse() : undefined;
  const from = first.from_dttm ?? null;
  if (trendLineData && formData.time_range_fixed && from) {
    const to = first.to_dttm ?? null;
    if (!trendLineData[0][0] || trendLineData[0][0] > from) trendLineData = [[from, null], ...trendLineData];
    const last = trendLineData[trendLineData.length - 1][0];
    // Superset uses "now" when the range is open-ended; a render must not depend on the clock.
    if (to !== null && (!last || last < to)) trendLineData = [...trendLineData, [to, null]];
  }
  const hasLine = Boolean(trendLineData?.some((d) => d[1] !== null));

  const chartHeight = showTrendLine ? Math.floor(TRENDLINE_PROPORTION * height) : 0;
  const textHeight = height - chartHeight;
  const share = showTrendLine ? 1 - TRENDLINE_PROPORTION : 1;
  const lineOf = (text: string, fontShare: number, maxWidth = width): BigNumberLine | null => {
    if (!text) return null;
    const h = Math.ceil(fontShare * share * height);
    return { text, height: h, fontSize: fitFontSize(text, maxWidth, h) };
  };

  const headerText = bigNumber === null ? NO_DATA : headerFormatter(bigNumber);
  const subheaderShare = num(formData.subheader_font_size, 0.15);
  const noDataText = fallback ? NO_DATA_TRY_FILTERS : NO_DATA_OR_HASNT_LANDED;
  const kickerText = formData.show_timestamp && timestamp !== null ? formatTime(timestamp) : '';

  const trendline: EChartsModel | null =
    trendLineData && hasLine
      ? {
          kind: 'echarts',
          width: Math.floor(width),
          height: chartHeight,
          option: {
            series: [
              {
                data: trendLineData,
                type: 'line',
                smooth: true,
                symbol: 'circle',
                symbolSize: 10,
                showSymbol: false,
                color: mainColor,
                areaStyle: {
                  color: {
                    type: 'linear',
                    x: 0,
                    y: 0,
                    x2: 0,
                    y2: 1,
                    colorStops: [
                      { offset: 0, color: mainColor },
                      { offset: 1, color: theme === 'dark' ? '#1e293b' : '#ffffff' },
                    ],
                  },
                },
              },
            ],
            xAxis: { min: trendLineData[0][0], max: trendLineData[trendLineData.length - 1][0], show: false, type: 'value' },
            yAxis: { scale: formData.start_y_axis_at_zero === false, show: false },
            grid: { left: 0, right: 0, top: 0, bottom: 0 },
            tooltip: {
              trigger: 'axis',
              formatter: (params: { data: TimeSeriesDatum }[]) => {
                const [x, y] = params[0].data;
                return `<div><strong>${escapeHtml(formatTime(x))}</strong></div><div>${escapeHtml(metricName)}: ${escapeHtml(y === null ? 'N/A' : headerFormatter(y))}</div>`;
              },
            },
            aria: { enabled: true, label: { description: `Big number visualization ${String(formData.subheader ?? '')}` } },
          },
        }
      : null;

  return {
    kind: 'html',
    width,
    height,
    props: {
      bigNumber,
      className,
      kicker: kickerText ? lineOf(kickerText, KICKER_PROPORTION) : null,
      header: (() => {
        const h = Math.ceil(num(formData.header_font_size, 0.4) * share * height);
        return { text: headerText, height: h, fontSize: fitFontSize(headerText, width - 8, h) };
      })(),
      subheader: lineOf(bigNumber === null ? noDataText : subheaderText, subheaderShare),
      subtitle: bigNumber === null ? null : lineOf(String(formData.subtitle ?? '').trim(), num(formData.subtitle_font_size, subheaderShare)),
      metricName: formData.show_metric_name ? lineOf(metricDisplayName(metric, datasource), num(formData.metric_name_font_size, 0.15)) : null,
      fallbackWarning:
        fallback && !formData.show_timestamp ? { text: 'Not up to date', title: `Last available value seen on ${formatTime(fallback[0])}` } : null,
      trendline,
      textHeight,
      mainColor,
    },
  };
}
