/**
 * MySQL/MariaDB metadata from information_schema. A MySQL schema is a database. Column aliases
 * are explicit: MySQL 8 answers information_schema columns in upper case, MariaDB in lower.
 */
import type { EngineSession, Introspector, TableMetadata } from '../types.server';
import { mysqlTypeGeneric } from './types.server';

const PARTITION_KEY = `SELECT PARTITION_METHOD AS method, PARTITION_EXPRESSION AS expression
  FROM information_schema.PARTITIONS
  WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND PARTITION_NAME IS NOT NULL
  ORDER BY PARTITION_ORDINAL_POSITION LIMIT 1`;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

async function rows(session: EngineSession, sql: string, params: unknown[]): Promise<unknown[][]> {
  return (await session.select(sql, params)).rows;
}

/** Groups rows by their first value, keeping order. */
function byName(list: unknown[][]): Map<string, unknown[][]> {
  const out = new Map<string, unknown[][]>();
  for (const row of list) out.set(str(row[0]), [...(out.get(str(row[0])) ?? []), row]);
  return out;
}

export const mysqlIntrospector: Introspector = {
  async listSchemas(session) {
    const list = await rows(session, 'SELECT schema_name AS name FROM information_schema.schemata ORDER BY schema_name', []);
    return list.map((r) => str(r[0]));
  },

  async schemaColumns(session, schema, limit) {
    const list = await rows(
      session,
      `SELECT table_name AS tbl, column_name AS name, column_type AS type FROM information_schema.columns
       WHERE table_schema = ? ORDER BY table_name, ordinal_position LIMIT ?`,
      [schema, limit],
    );
    return list.map((r) => ({ table: str(r[0]), name: str(r[1]), type: str(r[2]).toUpperCase() }));
  },

  async listTables(session, schema) {
    const list = await rows(
      session,
      `SELECT table_name AS name, table_type AS type FROM information_schema.tables
       WHERE table_schema = ? AND table_type IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED') ORDER BY table_name`,
      [schema],
    );
    return list.map((r) => ({ name: str(r[0]), type: str(r[1]) === 'VIEW' ? ('view' as const) : ('table' as const) }));
  },

  async tableMetadata(session, schema, table): Promise<Omit<TableMetadata, 'selectStar'> | null> {
    const found = await rows(
      session,
      'SELECT table_comment AS comment FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [schema, table],
    );
    if (found.length === 0) return null;
    const columns = await rows(
      session,
      `SELECT column_name AS name, column_type AS type, is_nullable AS nullable, column_default AS dflt FROM information_schema.columns
       WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position`,
      [schema, table],
    );
    const keys = await rows(
      session,
      `SELECT constraint_name AS name, column_name AS col, referenced_table_schema AS ref_schema, referenced_table_name AS ref_table,
              referenced_column_name AS ref_col
       FROM information_schema.key_column_usage
       WHERE table_schema = ? AND table_name = ? ORDER BY constraint_name, ordinal_position`,
      [schema, table],
    );
    const indexes = await rows(
      session,
      `SELECT index_name AS name, non_unique AS non_unique, column_name AS col FROM information_schema.statistics
       WHERE table_schema = ? AND table_name = ? AND index_name <> 'PRIMARY' ORDER BY index_name, seq_in_index`,
      [schema, table],
    );
    const pk = keys.filter((r) => str(r[0]) === 'PRIMARY');
    const fks = byName(keys.filter((r) => r[3] !== null && str(r[0]) !== 'PRIMARY'));
    const comment = str(found[0][0]);
    return {
      name: table,
      schema,
      comment: comment === '' ? null : comment,
      columns: columns.map((r) => {
        const type = str(r[1]).toUpperCase();
        return { name: str(r[0]), type, type_generic: mysqlTypeGeneric(type), nullable: str(r[2]) === 'YES', default: r[3] === null ? null : str(r[3]) };
      }),
      primaryKey: { constrained_columns: pk.map((r) => str(r[1])), name: pk.length > 0 ? 'PRIMARY' : null },
      foreignKeys: [...fks].map(([name, list]) => ({
        name,
        constrained_columns: list.map((r) => str(r[1])),
        referred_schema: str(list[0][2]),
        referred_table: str(list[0][3]),
        referred_columns: list.map((r) => str(r[4])),
      })),
      indexes: [...byName(indexes)].map(([name, list]) => ({
        name,
        unique: Number(list[0][1]) === 0,
        column_names: list.filter((r) => r[2] !== null).map((r) => str(r[2])),
      })),
    };
  },

  // MySQL partitions are not offered to table_extra (Superset shows none for MySQL either).
  async tableExtra(session, schema, table) {
    const found = await rows(session, PARTITION_KEY, [schema, table]);
    if (found.length === 0) return {};
    const [method, expression] = [str(found[0][0]), str(found[0][1])];
    // The expression is SQL (`year`, or year(`ds`)): its backquoted names are the key's columns.
    const quoted = [...expression.matchAll(/`((?:[^`]|``)+)`/g)].map((m) => m[1].replace(/``/g, '`'));
    const cols = quoted.length > 0 ? quoted : expression.split(',').map((c) => c.trim()).filter(Boolean);
    return { partitions: { cols, strategy: method.toLowerCase().replace(/\s+columns$/, '') } };
  },
};
