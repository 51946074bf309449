/**
 * Datasets over the warehouse tables Superset loads with Python (birth_names, world bank, flights,
 * …) and those of the "Sales Dashboard" and "Video Game Sales" bundles. Uuids, metrics and
 * calculated columns are Superset's (its newer per-example dataset.yaml files where they exist);
 * the physical columns of the Python-loaded tables are read from the table definitions, since
 * Sightline's synthetic tables carry a subset of the originals' columns.
 */
import { energyUsage as energyUsageTable } from '../tables/energy-usage.server';
import { flights as flightsTable } from '../tables/flights.server';
import { longLat as longLatTable } from '../tables/long-lat.server';
import { randomTimeSeries as randomTimeSeriesTable } from '../tables/random-time-series.server';
import type { ExampleTable, LogicalType } from '../tables/shared.server';
import { wbHealthPopulation as wbHealthPopulationTable } from '../tables/wb-health-population.server';
import { COUNT_METRIC, type ExampleColumn, type ExampleDataset, type ExampleMetric } from './shared.server';

// How Superset's exports (made on PostgreSQL) name the types.
const EXPORT_TYPE: Record<LogicalType, string> = {
  integer: 'INTEGER', bigint: 'BIGINT', float: 'DOUBLE PRECISION', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP WITHOUT TIME ZONE',
};

/** A physical dataset with every column of the table; dates and timestamps are temporal. */
function fromTable(
  table: ExampleTable,
  spec: { uuid: string; description?: string; main_dttm_col?: string; calculated?: ExampleColumn[]; metrics: ExampleMetric[] },
): ExampleDataset {
  const physical = table.columns.map((c): ExampleColumn => ({
    column_name: c.name,
    type: EXPORT_TYPE[c.type],
    ...(c.type === 'date' || c.type === 'timestamp' ? { is_dttm: true } : {}),
  }));
  return {
    uuid: spec.uuid,
    table_name: table.name,
    description: spec.description,
    main_dttm_col: spec.main_dttm_col,
    columns: [...(spec.calculated ?? []), ...physical],
    metrics: spec.metrics,
  };
}

const sum = (column: string): ExampleMetric => ({ metric_name: `sum__${column}`, expression: `sum("${column}")` });

export const birthNames: ExampleDataset = {
  uuid: '3758a086-e040-490e-8ac3-530633f7ce51',
  table_name: 'birth_names',
  main_dttm_col: 'ds',
  columns: [
    { column_name: 'num_california', expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END" },
    { column_name: 'ds', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'state', type: 'VARCHAR(10)' },
    { column_name: 'gender', type: 'VARCHAR(16)' },
    { column_name: 'name', type: 'VARCHAR(255)' },
    { column_name: 'num_boys', type: 'BIGINT' },
    { column_name: 'num_girls', type: 'BIGINT' },
    { column_name: 'num', type: 'BIGINT' },
  ],
  metrics: [COUNT_METRIC, { metric_name: 'sum__num', expression: 'SUM(num)' }],
};

export const wbHealthPopulation = fromTable(wbHealthPopulationTable, {
  uuid: '41156372-3528-4550-b40c-93a170d4cbf7',
  description: "Health, nutrition and population indicators shaped like the World Bank's (synthetic).",
  main_dttm_col: 'year',
  metrics: [sum('SP_DYN_LE00_IN'), sum('SH_DYN_AIDS'), sum('SP_POP_TOTL'), sum('SP_RUR_TOTL_ZS'), sum('SP_RUR_TOTL'), COUNT_METRIC],
});

export const flights = fromTable(flightsTable, {
  uuid: '9abdda01-3363-488a-ab75-f19f8c579f41',
  description: 'Random set of flights in the US',
  main_dttm_col: 'ds',
  metrics: [COUNT_METRIC],
});

export const longLat = fromTable(longLatTable, {
  uuid: 'dc2113b2-6256-4334-a092-c0b3d99db140',
  main_dttm_col: 'datetime',
  metrics: [COUNT_METRIC],
});

export const energyUsage = fromTable(energyUsageTable, {
  uuid: 'bbd06167-f700-47d4-8576-fec2e42b6090',
  metrics: [COUNT_METRIC, { metric_name: 'sum__value', expression: 'SUM(value)' }],
});

// Superset's Python loader gives this one a random uuid; Sightline fixes one so it is stable too.
export const randomTimeSeries = fromTable(randomTimeSeriesTable, {
  uuid: '0fdd2f9c-ad94-488d-b70a-8911f7eef30d',
  main_dttm_col: 'ds',
  metrics: [COUNT_METRIC],
});

export const cleanedSalesData: ExampleDataset = {
  uuid: 'e8623bb9-5e00-f531-506a-19607f5f8005',
  table_name: 'cleaned_sales_data',
  main_dttm_col: 'order_date',
  columns: [
    { column_name: 'order_date', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'price_each', type: 'DOUBLE PRECISION' },
    { column_name: 'sales', type: 'DOUBLE PRECISION' },
    { column_name: 'address_line1', type: 'TEXT' },
    { column_name: 'address_line2', type: 'TEXT' },
    { column_name: 'order_line_number', type: 'BIGINT' },
    { column_name: 'quantity_ordered', type: 'BIGINT' },
    { column_name: 'order_number', type: 'BIGINT' },
    { column_name: 'quarter', type: 'BIGINT' },
    { column_name: 'year', type: 'BIGINT' },
    { column_name: 'month', type: 'BIGINT' },
    { column_name: 'msrp', type: 'BIGINT' },
    { column_name: 'contact_last_name', type: 'TEXT' },
    { column_name: 'contact_first_name', type: 'TEXT' },
    { column_name: 'postal_code', type: 'TEXT' },
    { column_name: 'customer_name', type: 'TEXT' },
    { column_name: 'deal_size', type: 'TEXT' },
    { column_name: 'product_code', type: 'TEXT' },
    { column_name: 'product_line', type: 'TEXT' },
    { column_name: 'state', type: 'TEXT' },
    { column_name: 'status', type: 'TEXT' },
    { column_name: 'city', type: 'TEXT' },
    { column_name: 'country', type: 'TEXT' },
    { column_name: 'phone', type: 'TEXT' },
    { column_name: 'territory', type: 'TEXT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const videoGameSales: ExampleDataset = {
  uuid: '53d47c0c-c03d-47f0-b9ac-81225f808283',
  table_name: 'video_game_sales',
  columns: [
    { column_name: 'year', type: 'BIGINT', is_dttm: true, python_date_format: '%Y' },
    { column_name: 'na_sales', type: 'FLOAT64' },
    { column_name: 'eu_sales', type: 'FLOAT64' },
    { column_name: 'global_sales', type: 'FLOAT64' },
    { column_name: 'jp_sales', type: 'FLOAT64' },
    { column_name: 'other_sales', type: 'FLOAT64' },
    { column_name: 'rank', type: 'BIGINT' },
    { column_name: 'genre', type: 'STRING' },
    { column_name: 'name', type: 'STRING' },
    { column_name: 'platform', type: 'STRING' },
    { column_name: 'publisher', type: 'STRING' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' },
  ],
};
