/**
 * The datasets the golden query contexts run against, as DatasetSource values built by hand (the
 * contract of app/server/query/types.server.ts), one set per engine. Each physical dataset is an
 * examples table (app/server/examples) with the columns and types the loader creates on that
 * engine, plus Superset's usual calculated columns and saved metrics. Ids, names and schema are
 * fixed (schema null: the connection's own database), so the compiled SQL is the same on every run
 * and can be stored as golden files.
 */
import { dialectFor, type DialectName } from '~/lib/sql/dialects';
import { exampleTable, type LogicalType } from '~/server/examples/tables.server';
import { GenericType, type DatasetSource, type SourceColumn, type SourceMetric } from '~/server/query/types.server';

/** The examples tables the golden contexts read: loaded at scale 1 into every engine. */
export const GOLDEN_TABLES = ['birth_names', 'flights', 'random_time_series', 'video_game_sales'] as const;

/** The column types app/server/examples/load.server.ts creates, per engine. */
const ENGINE_TYPES: Record<DialectName, Record<LogicalType, string>> = {
  sqlite: { integer: 'INTEGER', bigint: 'BIGINT', float: 'REAL', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP' },
  postgresql: { integer: 'INTEGER', bigint: 'BIGINT', float: 'DOUBLE PRECISION', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP WITHOUT TIME ZONE' },
  mysql: { integer: 'INT', bigint: 'BIGINT', float: 'DOUBLE', text: 'VARCHAR(255)', date: 'DATE', timestamp: 'DATETIME' },
};

const GENERIC: Record<LogicalType, GenericType> = {
  integer: GenericType.NUMERIC,
  bigint: GenericType.NUMERIC,
  float: GenericType.NUMERIC,
  text: GenericType.STRING,
  date: GenericType.TEMPORAL,
  timestamp: GenericType.TEMPORAL,
};

interface CalculatedColumn {
  name: string;
  /** SQL over the dataset's columns; `q` quotes a column name for the engine (upper-case names need it on PostgreSQL). */
  expression: (q: (name: string) => string) => string;
  type: GenericType;
}

interface DatasetSpec {
  id: number;
  table_name: string;
  /** The examples table whose columns it has (a virtual dataset selects from it). */
  table: string;
  /** Only these of the table's columns (a virtual dataset's SELECT list); default all. */
  only?: string[];
  sql?: string | null;
  template_params?: Record<string, unknown>;
  main_dttm_col: string | null;
  calculated?: CalculatedColumn[];
  metrics: { name: string; expression: (q: (name: string) => string) => string }[];
  /** Integer columns holding dates, with their python_date_format (Superset's `%Y` years). */
  dateFormats?: Record<string, string>;
}

const BIRTH_NAMES_CALCULATED: CalculatedColumn[] = [
  // Superset's own calculated column on birth_names.
  { name: 'num_california', expression: () => "CASE WHEN state = 'CA' THEN num ELSE 0 END", type: GenericType.NUMERIC },
  { name: 'name_initial', expression: () => 'SUBSTR(name, 1, 1)', type: GenericType.STRING },
  { name: 'size_band', expression: () => "CASE WHEN num >= 1000 THEN 'large' WHEN num >= 100 THEN 'medium' ELSE 'small' END", type: GenericType.STRING },
];

const BIRTH_NAMES_METRICS: DatasetSpec['metrics'] = [
  { name: 'count', expression: () => 'COUNT(*)' },
  { name: 'sum__num', expression: () => 'SUM(num)' },
  { name: 'sum__num_girls', expression: () => 'SUM(num_girls)' },
];

const SPECS: DatasetSpec[] = [
  {
    id: 101,
    table_name: 'birth_names',
    table: 'birth_names',
    main_dttm_col: 'ds',
    calculated: BIRTH_NAMES_CALCULATED,
    metrics: BIRTH_NAMES_METRICS,
  },
  {
    id: 102,
    table_name: 'birth_names',
    table: 'birth_names',
    main_dttm_col: 'ds',
    // The dataset's template parameters, used from a query's extras.where.
    template_params: { min_num: 500, states: ['CA', 'NY'] },
    calculated: BIRTH_NAMES_CALCULATED,
    metrics: BIRTH_NAMES_METRICS,
  },
  {
    id: 103,
    table_name: 'virtual_births',
    table: 'birth_names',
    only: ['ds', 'gender', 'name', 'num', 'state'],
    sql: 'SELECT ds, gender, name, num, state\nFROM birth_names\nWHERE num >= {{ min_num }}',
    template_params: { min_num: 100 },
    main_dttm_col: 'ds',
    metrics: [
      { name: 'count', expression: () => 'COUNT(*)' },
      { name: 'sum__num', expression: () => 'SUM(num)' },
    ],
  },
  {
    id: 104,
    table_name: 'virtual_births_by_state',
    table: 'birth_names',
    only: ['ds', 'gender', 'name', 'num', 'state'],
    // filter_values sees the query's filters on `state` (Superset's documented pattern).
    sql: "SELECT ds, gender, name, num, state\nFROM birth_names\n{% if filter_values('state') %}WHERE state IN {{ filter_values('state') | where_in }}{% endif %}",
    main_dttm_col: 'ds',
    metrics: [
      { name: 'count', expression: () => 'COUNT(*)' },
      { name: 'sum__num', expression: () => 'SUM(num)' },
    ],
  },
  {
    id: 105,
    table_name: 'virtual_births_time',
    table: 'birth_names',
    only: ['ds', 'gender', 'name', 'num', 'state'],
    // get_time_filter takes the query's TEMPORAL_RANGE on ds into the inner query and removes it outside.
    sql: [
      "{% set time_filter = get_time_filter('ds', default='1990-01-01 : 2000-01-01', target_type='TIMESTAMP', remove_filter=True) %}",
      'SELECT ds, gender, name, num, state',
      'FROM birth_names',
      'WHERE ds >= {{ time_filter.from_expr }} AND ds < {{ time_filter.to_expr }}',
    ].join('\n'),
    main_dttm_col: 'ds',
    metrics: [
      { name: 'count', expression: () => 'COUNT(*)' },
      { name: 'sum__num', expression: () => 'SUM(num)' },
    ],
  },
  {
    id: 106,
    table_name: 'flights',
    table: 'flights',
    main_dttm_col: 'ds',
    calculated: [{ name: 'is_cancelled', expression: (q) => `${q('CANCELLED')} = 1`, type: GenericType.BOOLEAN }],
    metrics: [
      { name: 'count', expression: () => 'COUNT(*)' },
      { name: 'avg_arrival_delay', expression: (q) => `AVG(${q('ARRIVAL_DELAY')})` },
    ],
  },
  {
    id: 107,
    table_name: 'random_time_series',
    table: 'random_time_series',
    main_dttm_col: 'ds',
    metrics: [{ name: 'count', expression: () => 'COUNT(*)' }],
  },
  {
    id: 108,
    table_name: 'video_game_sales',
    table: 'video_game_sales',
    main_dttm_col: 'year',
    dateFormats: { year: '%Y' },
    metrics: [
      { name: 'count', expression: () => 'COUNT(*)' },
      { name: 'sum__global_sales', expression: () => 'SUM(global_sales)' },
    ],
  },
];

/** Dataset names the contexts refer to, by id. */
export const DATASET_IDS = {
  birth_names: 101,
  birth_names_templated: 102,
  virtual_births: 103,
  virtual_births_by_state: 104,
  virtual_births_time: 105,
  flights: 106,
  random_time_series: 107,
  video_game_sales: 108,
} as const;
export type GoldenDatasetName = keyof typeof DATASET_IDS;

const ENGINE_DATABASE: Record<DialectName, { id: number; database_name: string }> = {
  sqlite: { id: 1, database_name: 'golden_sqlite' },
  postgresql: { id: 2, database_name: 'golden_postgresql' },
  mysql: { id: 3, database_name: 'golden_mariadb' },
};

function build(spec: DatasetSpec, dialect: DialectName): DatasetSource {
  const table = exampleTable(spec.table);
  if (!table) throw new Error(`no examples table ${spec.table}`);
  const q = (name: string) => dialectFor(dialect).quoteIdentifier(name);
  const physical = table.columns.filter((c) => !spec.only || spec.only.includes(c.name));
  let nextId = spec.id * 100;
  const columns: SourceColumn[] = physical.map((c) => {
    const format = spec.dateFormats?.[c.name] ?? null;
    const temporal = GENERIC[c.type] === GenericType.TEMPORAL || format !== null;
    return {
      id: nextId++,
      column_name: c.name,
      verbose_name: null,
      type: ENGINE_TYPES[dialect][c.type],
      type_generic: format ? GenericType.NUMERIC : GENERIC[c.type],
      is_dttm: temporal,
      python_date_format: format,
      expression: null,
      filterable: true,
      groupby: true,
      advanced_data_type: null,
    };
  });
  for (const calc of spec.calculated ?? []) {
    columns.push({
      id: nextId++,
      column_name: calc.name,
      verbose_name: null,
      type: null,
      type_generic: calc.type,
      is_dttm: false,
      python_date_format: null,
      expression: calc.expression(q),
      filterable: true,
      groupby: true,
      advanced_data_type: null,
    });
  }
  const metrics: SourceMetric[] = spec.metrics.map((m, i) => ({
    id: spec.id * 100 + 50 + i,
    metric_name: m.name,
    verbose_name: null,
    expression: m.expression(q),
    d3format: null,
    currency: null,
    warning_text: null,
  }));
  return {
    id: spec.id,
    uuid: `00000000-0000-4000-8000-${String(spec.id).padStart(12, '0')}`,
    table_name: spec.table_name,
    schema: null,
    sql: spec.sql ?? null,
    template_params: spec.template_params ?? {},
    main_dttm_col: spec.main_dttm_col,
    offset: 0,
    fetch_values_predicate: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
    cache_timeout: null,
    disallow_adhoc_metrics: false,
    columns,
    metrics,
    database: { ...ENGINE_DATABASE[dialect], dialect, cache_timeout: null },
  };
}

/** Every golden dataset for one engine, by name. */
export function goldenDatasets(dialect: DialectName): Record<GoldenDatasetName, DatasetSource> {
  const byId = new Map(SPECS.map((s) => [s.id, build(s, dialect)]));
  return Object.fromEntries(Object.entries(DATASET_IDS).map(([name, id]) => [name, byId.get(id)!])) as Record<GoldenDatasetName, DatasetSource>;
}
