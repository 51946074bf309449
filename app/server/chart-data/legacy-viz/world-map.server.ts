/**
 * Superset's WorldMapViz: grouped by the `entity` column, the `metric` (colour) and the
 * `secondary_metric` (bubble size); each row becomes `{country, m1[, m2], latitude, longitude,
 * name}` with `country` the ISO alpha-3 code the map's shapes use, found through
 * `country_fieldtype` (countries.server.ts), or 'XXX' when the value names no country.
 * `sort_by_metric` orders the groups by the metric, largest first.
 */
import { columnField, formMetrics, metricName, requiredMetric, type Json, type LegacyViz } from './common.server';
import { findCountry } from './countries.server';

export const WORLD_MAP: LegacyViz = {
  query(query: Json, formData: Json): Json {
    const entity = columnField(formData, 'entity');
    const { metrics } = formMetrics(formData, ['metric', 'secondary_metric']);
    const out: Json = { ...query, columns: entity ? [entity] : [], metrics };
    if (formData.sort_by_metric && metrics.length) out.orderby = [[metrics[0], false]];
    return out;
  },
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const entity = columnField(formData, 'entity') ?? '';
    const metric = requiredMetric(formData, 'metric', 'Pick a metric');
    const secondary = metricName(formData.secondary_metric);
    return rows.map((r) => {
      const out: Json = { country: r[entity] ?? null, m1: r[metric] ?? null };
      if (secondary !== null) out.m2 = r[secondary] ?? null;
      const country = typeof out.country === 'string' ? findCountry(formData.country_fieldtype, out.country) : null;
      if (!country) return { ...out, country: 'XXX' };
      return { ...out, country: country.cca3, latitude: country.lat, longitude: country.lng, name: country.name };
    });
  },
};
