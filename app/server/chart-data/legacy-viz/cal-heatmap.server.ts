/**
 * Superset's CalHeatmapViz: a time series of the `metrics`; the data is, per metric, its values
 * keyed by the time in seconds (Python's float text, `1577836800.0`), with the range's start,
 * the domain and subdomain granularities and how many domains the range spans. Both time bounds
 * are needed (a 400 otherwise).
 */
import { asList, DTTM_ALIAS, LegacyVizError, type Json, type LegacyViz } from './common.server';

/** Python's str() of a float number of seconds. */
const secondsText = (ms: number) => {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s}.0` : String(s);
};

/** dateutil's relativedelta(end, start): whole years and months, then the days left over. */
export function relativeDelta(start: Date, end: Date): { years: number; months: number; days: number } {
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
  const shifted = (m: number) => {
    const d = new Date(start);
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + m);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
    return d;
  };
  if (shifted(months) > end) months -= 1;
  const days = Math.floor((end.getTime() - shifted(months).getTime()) / 86_400_000);
  return { years: Math.trunc(months / 12), months: months % 12, days };
}

export function calendarRange(domain: unknown, since: number, until: number): number {
  const delta = relativeDelta(new Date(since), new Date(until));
  const seconds = (until - since) / 1000;
  if (domain === 'year') return new Date(until).getUTCFullYear() - new Date(since).getUTCFullYear() + 1;
  if (domain === 'month') return delta.years * 12 + delta.months + 1;
  if (domain === 'week') return delta.years * 53 + Math.trunc(delta.days / 7) + 1;
  if (domain === 'day') return Math.floor(seconds / 86_400) + 1;
  return Math.floor(seconds / 3_600) + 1;
}

export const CAL_HEATMAP: LegacyViz = {
  isTimeseries: true,
  query: (query: Json, formData: Json): Json => ({ ...query, metrics: asList(formData.metrics) }),
  data(rows, { formData, metricLabels, fromDttm, toDttm }) {
    if (rows.length === 0) return null;
    const data: Record<string, Record<string, unknown>> = {};
    for (const metric of metricLabels) {
      const values: Record<string, unknown> = {};
      for (const r of rows) if (typeof r[DTTM_ALIAS] === 'number') values[secondsText(r[DTTM_ALIAS])] = r[metric] ?? null;
      data[metric] = values;
    }
    if (fromDttm === null || toDttm === null) throw new LegacyVizError('Please provide both time bounds (Since and Until)');
    const domain = formData.domain_granularity ?? null;
    return { data, start: fromDttm, domain, subdomain: formData.subdomain_granularity ?? null, range: calendarRange(domain, fromDttm, toDttm) };
  },
};
