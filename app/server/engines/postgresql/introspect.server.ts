/** PostgreSQL metadata from pg_catalog (not information_schema: it hides what the user cannot write). */
import type { EngineSession, Introspector, TableMetadata, TableSummary } from '../types.server';
import { pgTypeGeneric } from './types.server';

const RELATION = `
  SELECT c.oid::int8 AS oid, c.relname, pg_catalog.obj_description(c.oid, 'pg_class') AS comment
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS = `
  SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), NOT a.attnotnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid)
  FROM pg_catalog.pg_attribute a
  LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped
  ORDER BY a.attnum`;

const PRIMARY_KEY = `
  SELECT con.conname, a.attname
  FROM pg_catalog.pg_constraint con
  CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
  JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
  WHERE con.conrelid = $1::oid AND con.contype = 'p'
  ORDER BY k.ord`;

const FOREIGN_KEYS = `
  SELECT con.conname, a.attname, rn.nspname, rc.relname, ra.attname
  FROM pg_catalog.pg_constraint con
  CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, refnum, ord)
  JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
  JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid
  JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
  JOIN pg_catalog.pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refnum
  WHERE con.conrelid = $1::oid AND con.contype = 'f'
  ORDER BY con.conname, k.ord`;

// Key columns only (indnkeyatts): INCLUDE columns are not part of what the index orders by.
const INDEXES = `
  SELECT ic.relname, i.indisunique, a.attname
  FROM pg_catalog.pg_index i
  JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
  CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
  LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
  WHERE i.indrelid = $1::oid AND NOT i.indisprimary AND k.ord <= i.indnkeyatts
  ORDER BY ic.relname, k.ord`;

const PARTITION_KEY = `
  SELECT p.partstrat, a.attname
  FROM pg_catalog.pg_partitioned_table p
  CROSS JOIN LATERAL unnest(p.partattrs::int2[]) WITH ORDINALITY AS k(attnum, ord)
  LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = k.attnum
  WHERE p.partrelid = $1::oid
  ORDER BY k.ord`;

const SCHEMA_COLUMNS = `
  SELECT c.relname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod)
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  ORDER BY c.relname, a.attnum
  LIMIT $2`;

const STRATEGIES: Record<string, string> = { r: 'range', l: 'list', h: 'hash' };
const TABLE_TYPES: Record<string, TableSummary['type']> = { r: 'table', p: 'table', f: 'table', v: 'view', m: 'materialized_view' };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

async function relationOid(session: EngineSession, schema: string, table: string): Promise<{ oid: string; comment: string | null } | null> {
  const { rows } = await session.select(RELATION, [schema, table]);
  return rows[0] ? { oid: str(rows[0][0]), comment: rows[0][2] === null ? null : str(rows[0][2]) } : null;
}

/** Groups (name, column) rows by name, keeping order. */
function grouped(rows: unknown[][], nameAt: number, valueAt: number): Map<string, { first: unknown[]; values: string[] }> {
  const out = new Map<string, { first: unknown[]; values: string[] }>();
  for (const row of rows) {
    const name = str(row[nameAt]);
    const entry = out.get(name) ?? { first: row, values: [] };
    if (row[valueAt] !== null) entry.values.push(str(row[valueAt]));
    out.set(name, entry);
  }
  return out;
}

export const postgresIntrospector: Introspector = {
  async listSchemas(session) {
    const { rows } = await session.select(`SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY nspname`);
    return rows.map((r) => str(r[0]));
  },

  async schemaColumns(session, schema, limit) {
    const { rows } = await session.select(SCHEMA_COLUMNS, [schema, limit]);
    return rows.map((r) => ({ table: str(r[0]), name: str(r[1]), type: str(r[2]).toUpperCase() }));
  },

  async listTables(session, schema) {
    const { rows } = await session.select(
      `SELECT c.relname, c.relkind FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY c.relname`,
      [schema],
    );
    return rows.map((r) => ({ name: str(r[0]), type: TABLE_TYPES[str(r[1])] ?? 'table' }));
  },

  async tableMetadata(session, schema, table): Promise<Omit<TableMetadata, 'selectStar'> | null> {
    const relation = await relationOid(session, schema, table);
    if (!relation) return null;
    const oid = [relation.oid];
    const columns = await session.select(COLUMNS, oid);
    const pk = await session.select(PRIMARY_KEY, oid);
    const fks = await session.select(FOREIGN_KEYS, oid);
    const indexes = await session.select(INDEXES, oid);
    return {
      name: table,
      schema,
      comment: relation.comment,
      columns: columns.rows.map((r) => {
        const type = str(r[1]).toUpperCase();
        return { name: str(r[0]), type, type_generic: pgTypeGeneric(type), nullable: r[2] === true, default: r[3] === null ? null : str(r[3]) };
      }),
      primaryKey: { constrained_columns: pk.rows.map((r) => str(r[1])), name: pk.rows[0] ? str(pk.rows[0][0]) : null },
      foreignKeys: [...grouped(fks.rows, 0, 1)].map(([name, g]) => ({
        name,
        constrained_columns: g.values,
        referred_schema: str(g.first[2]),
        referred_table: str(g.first[3]),
        referred_columns: fks.rows.filter((r) => str(r[0]) === name).map((r) => str(r[4])),
      })),
      indexes: [...grouped(indexes.rows, 0, 2)].map(([name, g]) => ({ name, unique: g.first[1] === true, column_names: g.values })),
    };
  },

  async tableExtra(session, schema, table) {
    const relation = await relationOid(session, schema, table);
    if (!relation) return {};
    const { rows } = await session.select(PARTITION_KEY, [relation.oid]);
    if (rows.length === 0) return {};
    return { partitions: { cols: rows.filter((r) => r[1] !== null).map((r) => str(r[1])), strategy: STRATEGIES[str(rows[0][0])] ?? str(rows[0][0]) } };
  },
};
