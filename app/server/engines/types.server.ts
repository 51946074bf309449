/**
 * The shape every engine has (one folder per engine under app/server/engines/, registered in
 * registry.server.ts) and the types the execution core hands to the rest of the server.
 */
import type { z } from 'zod';
import type { StatementShape } from '~/lib/sql/classify';
import type { DialectName, SqlDialect } from '~/lib/sql/dialects';
import type { CellValue } from '~/lib/sql/values';
import type { EngineError } from './errors.server';

/** One engine per SQL dialect (app/lib/sql/dialects), under the same name. */
export type EngineName = DialectName;

export type TypeGeneric = 'numeric' | 'string' | 'temporal' | 'boolean';

export interface ColumnInfo {
  name: string;
  /** The engine's type name, e.g. BIGINT, TIMESTAMP WITHOUT TIME ZONE, VARCHAR(255). */
  type: string;
  type_generic: TypeGeneric;
  nullable?: boolean;
}

/** One row: values in column order, in the representation of app/lib/sql/values.ts. */
export type Row = CellValue[];

export interface StreamBatch {
  columns: ColumnInfo[];
  rows: Row[];
}

/**
 * Connection parameters, the form `validate_parameters` and the "available engines" list use.
 * For SQLite `database` is the file path (':memory:' for none) and the network fields are unused.
 */
export interface ConnectionParams {
  engine: EngineName;
  host?: string;
  port?: number;
  database: string;
  username?: string;
  password?: string;
  query: Record<string, string>;
}

/** What an error message may name: the connection (never its password) and the phase it failed in. */
export interface ErrorContext {
  params: ConnectionParams;
  phase: 'connect' | 'query';
}

export interface ConnectOptions {
  /** How long establishing a connection may take before CONNECTION_HOST_DOWN_ERROR. */
  connectTimeoutMs: number;
}

/** Where rows go while a statement runs. `onBatch` is awaited: a slow sink slows the reading. */
export interface QuerySink {
  batchSize: number;
  /** Stop reading after this many rows (the rest is cancelled or discarded). */
  maxRows?: number | null;
  onBatch(batch: StreamBatch): void | Promise<void>;
}

export interface QueryOutcome {
  columns: ColumnInfo[];
  /** Rows handed to the sink. */
  rowsRead: number;
  /** Rows affected, for statements that change data; null when the engine does not say. */
  affectedRows: number | null;
  /** Whether reading stopped at `maxRows` with more rows available. */
  truncated: boolean;
}

/**
 * One connection to one database. Sessions come from a pool and are used by one caller at a time;
 * only `cancel` and `destroy` may be called while a query runs.
 */
export interface EngineSession {
  readonly engine: EngineName;
  /** What another connection (or process) passes to the engine's cancel to stop this session's query. */
  readonly cancelKey: string;
  /** True once the connection failed (server gone, backend terminated): the pool drops it. */
  readonly broken: boolean;
  /**
   * Called by the execution core before every statement of a script (and before its own USE /
   * search_path statements). With `readOnly`, the engine itself must refuse any write by the
   * statement about to run (a read-only transaction, a read-only connection), whatever the
   * statements before it did to the session (SET, COMMIT, BEGIN …); without it, the session must
   * be writable. Either way it re-pins what the SQL splitter assumes (e.g. PostgreSQL's
   * standard_conforming_strings). `reset` undoes it all before the session is reused.
   */
  prepareStatement(options: { readOnly: boolean }): Promise<void>;
  /**
   * Runs exactly ONE statement: the engine must refuse a text holding several (PostgreSQL's
   * extended protocol, MySQL without multipleStatements, SQLite's prepare), and several result
   * sets are an error of this query, never a crash.
   */
  query(sql: string, shape: StatementShape, sink: QuerySink): Promise<QueryOutcome>;
  /** A small parameterised query (introspection): all rows at once. Placeholders are the engine's own. */
  select(sql: string, params?: readonly unknown[]): Promise<{ columns: ColumnInfo[]; rows: Row[] }>;
  /** Cancels the statement now running, in the engine itself. Resolves once the request was made. */
  cancel(): Promise<void>;
  /** Back to a clean session (no open transaction, no SET, no temp tables) before reuse. */
  reset(): Promise<void>;
  /** Closes the connection now; a running query fails. */
  destroy(): Promise<void>;
}

export interface TableSummary {
  name: string;
  type: 'table' | 'view' | 'materialized_view';
}

export interface TableColumn extends ColumnInfo {
  nullable: boolean;
  default: string | null;
}

export interface TableMetadata {
  name: string;
  schema: string;
  columns: TableColumn[];
  primaryKey: { constrained_columns: string[]; name: string | null };
  foreignKeys: { constrained_columns: string[]; referred_table: string; referred_columns: string[]; referred_schema: string; name: string | null }[];
  indexes: { name: string; column_names: string[]; unique: boolean }[];
  selectStar: string;
  comment: string | null;
}

/** For `table_extra`: the partition key of a partitioned table (PostgreSQL declarative partitions). */
export interface TableExtra {
  partitions?: { cols: string[]; strategy: string };
}

/** A column of some table in a schema, for the editor's autocomplete. */
export interface SchemaColumn {
  table: string;
  name: string;
  /** The engine's type name, as in TableColumn. */
  type: string;
}

export interface Introspector {
  listSchemas(session: EngineSession): Promise<string[]>;
  /** The columns of every table and view of the schema in one query, by table then position; at most `limit`. */
  schemaColumns(session: EngineSession, schema: string, limit: number): Promise<SchemaColumn[]>;
  listTables(session: EngineSession, schema: string): Promise<TableSummary[]>;
  /** Null when the table does not exist. Columns, keys and indexes only: selectStar is added by the caller. */
  tableMetadata(session: EngineSession, schema: string, table: string): Promise<Omit<TableMetadata, 'selectStar'> | null>;
  tableExtra(session: EngineSession, schema: string, table: string): Promise<TableExtra>;
}

/** Labelled cost figures for one statement, as Superset's estimate shows them. */
export type CostEstimate = Record<string, number>;


/**
 * A bulk CSV export protocol (PostgreSQL's `COPY … TO STDOUT`), on engines that have one: exports
 * stream it instead of converting rows. Engines without one leave `Engine.copyCsv` unset.
 */
export interface CsvCopy {
  /** Whether the protocol takes this statement as it is (a query; not SHOW, EXPLAIN or a script). */
  accepts(sql: string, shape: StatementShape): boolean;
  /**
   * Runs `sql` on `session` (one of this engine's): its rows as CSV, a header record first, records
   * ending in LF, handed to `sink` chunk by chunk (awaited: a slow sink slows the reading). Resolves
   * with the row count once the statement has ended on the server.
   */
  copy(session: EngineSession, sql: string, sink: (chunk: Uint8Array) => Promise<void>): Promise<{ rows: number }>;
}

export interface Engine {
  readonly name: EngineName;
  /** Human name, used in messages and `extra.engine_name` (PostgreSQL, MySQL, SQLite). */
  readonly label: string;
  /** SQLAlchemy schemes this engine answers to, with or without a `+driver` suffix. */
  readonly schemes: readonly string[];
  readonly connection: {
    /** zod schema of the parameters; `.meta()` carries labels, descriptions and writeOnly for secrets. */
    readonly schema: z.ZodType<Omit<ConnectionParams, 'engine'>>;
    readonly secretFields: readonly string[];
    readonly defaultPort: number | null;
    parseUri(uri: string): ConnectionParams;
    buildUri(params: ConnectionParams): string;
    /** The Node driver package, as Superset's `default_driver` names the DBAPI driver. */
    readonly driver: string;
    /** The example URI the connection form shows (Superset's `sqlalchemy_uri_placeholder`). */
    readonly uriPlaceholder: string;
    /**
     * Why the engine would refuse these parameters at connect time without trying (a SQLite file
     * outside the allowed directories), so a form can name the field before saving; null when
     * nothing is refused. Connecting checks again: this is for the message, not the guarantee.
     */
    refusal?(params: ConnectionParams): string | null;
  };
  /** Its SQL (quoting, literals, limits, casts, time grains, keywords): the isomorphic module the browser shares. */
  readonly dialect: SqlDialect;
  connect(params: ConnectionParams, options: ConnectOptions): Promise<EngineSession>;
  /** Cancels, from a new connection, the query of the session whose cancelKey this is. */
  cancelByKey(params: ConnectionParams, cancelKey: string, options: ConnectOptions): Promise<boolean>;
  readonly introspector: Introspector;
  /** Null when the engine cannot estimate costs. */
  readonly estimate: ((session: EngineSession, sql: string, shape: StatementShape) => Promise<CostEstimate>) | null;
  /** The engine's type name → type_generic. */
  typeGeneric(nativeType: string): TypeGeneric;
  /** Any error from this engine's driver → an EngineError with Superset's error type and issue codes. */
  mapError(error: unknown, context: ErrorContext): EngineError;
  /** Pool size per database: SQLite work runs on libuv's small thread pool, so it gets fewer. */
  readonly maxConnections: number;
  /** The engine's bulk CSV export, where it has one (see CsvCopy). */
  readonly copyCsv?: CsvCopy;
}
