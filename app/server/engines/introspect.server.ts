/**
 * Browsing a database: schemas, tables and views, a table's columns/keys/indexes with a ready
 * `SELECT *`, and `table_extra` (partitions). Each call borrows a pooled session under a deadline.
 */
import { engineError } from './errors.server';
import type { ConnectionTarget } from './pools.server';
import { withSession } from './session-scope.server';
import type { Engine, SchemaColumn, TableColumn, TableExtra, TableMetadata, TableSummary } from './types.server';

const METADATA_TIMEOUT_MS = 30_000;

const scope = (target: ConnectionTarget) => ({ target, timeoutMs: METADATA_TIMEOUT_MS });

export function listSchemas(target: ConnectionTarget): Promise<string[]> {
  return withSession(scope(target), (session, { engine }) => engine.introspector.listSchemas(session));
}

export function listTables(target: ConnectionTarget, schema: string): Promise<TableSummary[]> {
  return withSession(scope(target), (session, { engine }) => engine.introspector.listTables(session, schema));
}

export type SchemaColumns = { tables: { table: string; columns: { name: string; type: string }[] }[]; truncated: boolean };

/**
 * Every table's columns in the schema, for autocomplete: one query, at most `limit` columns (one
 * more is read to know whether the cap cut the list; a cut table keeps the columns that fit).
 */
export function listSchemaColumns(target: ConnectionTarget, schema: string, limit: number): Promise<SchemaColumns> {
  return withSession(scope(target), async (session, { engine }) => {
    const rows: SchemaColumn[] = await engine.introspector.schemaColumns(session, schema, limit + 1);
    const truncated = rows.length > limit;
    const tables: SchemaColumns['tables'] = [];
    for (const row of truncated ? rows.slice(0, limit) : rows) {
      const last = tables[tables.length - 1];
      if (last?.table === row.table) last.columns.push({ name: row.name, type: row.type });
      else tables.push({ table: row.table, columns: [{ name: row.name, type: row.type }] });
    }
    return { tables, truncated };
  });
}

/** Superset's select_star: the columns listed one per line, quoted, limited. */
export function selectStar(engine: Engine, schema: string | null, table: string, columns: Pick<TableColumn, 'name'>[], limit = 100): string {
  const { quoteIdentifier, qualifiedName, limitClause } = engine.dialect;
  const list = columns.length > 0 ? columns.map((c) => quoteIdentifier(c.name)).join(',\n       ') : '*';
  return `SELECT ${list}\nFROM ${qualifiedName(schema, table)}\n${limitClause(limit)}`;
}

/** The table's metadata, or null when there is no such table or view. */
export function findTableMetadata(target: ConnectionTarget, schema: string, table: string): Promise<TableMetadata | null> {
  return withSession(scope(target), async (session, { engine }) => {
    const meta = await engine.introspector.tableMetadata(session, schema, table);
    return meta && { ...meta, selectStar: selectStar(engine, schema, table, meta.columns) };
  });
}

/** The table's metadata; a missing table is TABLE_DOES_NOT_EXIST_ERROR with status 404. */
export async function getTableMetadata(target: ConnectionTarget, schema: string, table: string): Promise<TableMetadata> {
  const meta = await findTableMetadata(target, schema, table);
  if (!meta) {
    throw engineError('TABLE_DOES_NOT_EXIST_ERROR', `The table "${schema}.${table}" does not exist. A valid table must be used to run this query.`, {
      status: 404,
    });
  }
  return meta;
}

export function getTableExtra(target: ConnectionTarget, schema: string, table: string): Promise<TableExtra> {
  return withSession(scope(target), (session, { engine }) => engine.introspector.tableExtra(session, schema, table));
}
