/**
 * What an example dataset is made of: Superset's dataset export fields (the YAMLs of its example
 * bundles), trimmed to what differs from the defaults. A column without an expression is a column
 * of the warehouse table (or of the SQL's result); one with an expression is calculated. SQL and
 * expressions are written in ANSI SQL (identifiers in double quotes, strings in single quotes)
 * and rewritten for the examples database's dialect when registered (datasets.server.ts).
 */
import type { ColumnDef } from '../tables/shared.server';

export interface ExampleColumn {
  column_name: string;
  /** The type as Superset's export spells it (PostgreSQL's names mostly); null for some calculated columns. */
  type?: string | null;
  verbose_name?: string;
  is_dttm?: boolean;
  /** Default true. */
  groupby?: boolean;
  /** Default true. */
  filterable?: boolean;
  /** Default true. */
  is_active?: boolean;
  expression?: string;
  description?: string;
  python_date_format?: string;
  advanced_data_type?: string;
  /** JSON text. */
  extra?: string;
}

export interface ExampleMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string;
  metric_type?: string;
  description?: string;
  d3format?: string;
  warning_text?: string;
  currency?: { symbol: string; symbolPosition: string };
  /** JSON text: certified_by, certification_details, warning_markdown. */
  extra?: string;
}

export interface ExampleDataset {
  /** Superset's uuid for it, so exported charts and dashboards that name the dataset find it. */
  uuid: string;
  /** The warehouse table of a physical dataset; the dataset's name for a virtual one. */
  table_name: string;
  description?: string;
  main_dttm_col?: string;
  /** A virtual dataset's query (ANSI SQL, one SELECT, no trailing semicolon). */
  sql?: string;
  columns: ExampleColumn[];
  metrics: ExampleMetric[];
}

export const COUNT_METRIC: ExampleMetric = { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' };

/** How the warehouse stores a column of a type name of Superset's exports; TEXT may hold more than 255 characters. */
export function warehouseType(type: string): Pick<ColumnDef, 'type' | 'storage'> {
  const t = type.toUpperCase();
  if (/TIMESTAMP|DATETIME/.test(t)) return { type: 'timestamp' };
  if (t === 'DATE') return { type: 'date' };
  if (/BIGINT|LONGLONG|LONGINTEGER/.test(t)) return { type: 'bigint' };
  if (/^INT(EGER)?$/.test(t)) return { type: 'integer' };
  if (/DOUBLE|FLOAT|REAL|NUMERIC|DECIMAL/.test(t)) return { type: 'float' };
  if (t === 'BOOLEAN') return { type: 'integer', storage: 'boolean' };
  if (t === 'TEXT' || t === 'BLOB') return { type: 'text', storage: 'long' };
  if (/^(VARCHAR|STRING|VAR_STRING)/.test(t)) return { type: 'text' };
  throw new Error(`no warehouse type for the column type "${type}"`);
}

/** The warehouse columns of a physical dataset: its columns without an expression, in order. */
export function tableColumnsOf(dataset: ExampleDataset): ColumnDef[] {
  return dataset.columns
    .filter((c) => !c.expression)
    .map((c) => {
      if (!c.type) throw new Error(`${dataset.table_name}.${c.column_name}: a physical column needs a type`);
      return { name: c.column_name, ...warehouseType(c.type) };
    });
}
