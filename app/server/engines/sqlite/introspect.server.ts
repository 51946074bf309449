/**
 * SQLite metadata from the pragma table-valued functions (bindable, unlike PRAGMA statements).
 * Schemas are `main` and the attached databases; `temp` is this connection's own and not listed.
 */
import { sqliteDialect } from '~/lib/sql/dialects/sqlite';
import type { EngineSession, Introspector, TableMetadata } from '../types.server';
import { sqliteTypeGeneric } from './types.server';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const quote = sqliteDialect.quoteIdentifier;

async function rows(session: EngineSession, sql: string, params: unknown[] = []): Promise<unknown[][]> {
  return (await session.select(sql, params)).rows;
}

async function schemaExists(session: EngineSession, schema: string): Promise<boolean> {
  return (await rows(session, 'SELECT 1 FROM pragma_database_list WHERE name = ?', [schema])).length > 0;
}

export const sqliteIntrospector: Introspector = {
  async listSchemas(session) {
    const list = await rows(session, "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq");
    return list.map((r) => str(r[0]));
  },

  async schemaColumns(session, schema, limit) {
    if (!(await schemaExists(session, schema))) return [];
    const columnsOf = (types: string, extra = '', params: unknown[] = []) =>
      rows(
        session,
        // One pass: each table or view joined with its own pragma_table_xinfo (hidden = 1: not in the row).
        `SELECT m.name AS tbl, c.name AS col, c.type AS type FROM ${quote(schema)}.sqlite_master AS m JOIN pragma_table_xinfo(m.name, ?) AS c
         WHERE m.type IN (${types}) AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND c.hidden <> 1 ${extra}
         ORDER BY m.name, c.cid LIMIT ?`,
        [schema, ...params, limit],
      );
    let list: unknown[][];
    try {
      list = await columnsOf("'table', 'view'");
    } catch {
      // A view over a dropped table fails the whole pass ("no such table"): read the tables, then
      // each view alone, leaving out the broken ones.
      list = await columnsOf("'table'");
      const views = await rows(session, `SELECT name FROM ${quote(schema)}.sqlite_master WHERE type = 'view' ORDER BY name`);
      for (const [view] of views) list.push(...(await columnsOf("'view'", 'AND m.name = ?', [view]).catch(() => [])));
      list.sort((a, b) => (str(a[0]) < str(b[0]) ? -1 : str(a[0]) > str(b[0]) ? 1 : 0));
      list = list.slice(0, limit);
    }
    return list.map((r) => ({ table: str(r[0]), name: str(r[1]), type: str(r[2]).toUpperCase() }));
  },

  async listTables(session, schema) {
    if (!(await schemaExists(session, schema))) return [];
    const list = await rows(
      session,
      `SELECT name, type FROM ${quote(schema)}.sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
    );
    return list.map((r) => ({ name: str(r[0]), type: str(r[1]) === 'view' ? ('view' as const) : ('table' as const) }));
  },

  async tableMetadata(session, schema, table): Promise<Omit<TableMetadata, 'selectStar'> | null> {
    if (!(await schemaExists(session, schema))) return null;
    const found = await rows(session, `SELECT type FROM ${quote(schema)}.sqlite_master WHERE name = ? AND type IN ('table', 'view')`, [table]);
    if (found.length === 0) return null;
    // hidden = 1: columns of virtual tables that are not part of the row; 2 and 3 are generated columns.
    const columns = await rows(session, 'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?, ?) WHERE hidden <> 1 ORDER BY cid', [table, schema]);
    const fks = await rows(session, 'SELECT id, "from", "table", "to" FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq', [table, schema]);
    const indexes = await rows(session, "SELECT name, \"unique\" FROM pragma_index_list(?, ?) WHERE origin <> 'pk' AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name", [
      table,
      schema,
    ]);

    const foreignKeys: TableMetadata['foreignKeys'] = [];
    for (const row of fks) {
      const id = Number(row[0]);
      let fk = foreignKeys[id];
      if (!fk) {
        fk = { name: null, constrained_columns: [], referred_schema: schema, referred_table: str(row[2]), referred_columns: [] };
        foreignKeys[id] = fk;
      }
      fk.constrained_columns.push(str(row[1]));
      if (row[3] !== null) fk.referred_columns.push(str(row[3]));
    }
    for (const fk of foreignKeys) {
      // REFERENCES t without columns means t's primary key.
      if (fk && fk.referred_columns.length === 0) {
        const pk = await rows(session, 'SELECT name FROM pragma_table_info(?, ?) WHERE pk > 0 ORDER BY pk', [fk.referred_table, schema]);
        fk.referred_columns = pk.map((r) => str(r[0]));
      }
    }

    const indexList: TableMetadata['indexes'] = [];
    for (const row of indexes) {
      const cols = await rows(session, 'SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno', [str(row[0]), schema]);
      indexList.push({ name: str(row[0]), unique: Number(row[1]) === 1, column_names: cols.filter((c) => c[0] !== null).map((c) => str(c[0])) });
    }

    const pk = columns.filter((r) => Number(r[4]) > 0).sort((a, b) => Number(a[4]) - Number(b[4]));
    return {
      name: table,
      schema,
      comment: null,
      columns: columns.map((r) => {
        const type = str(r[1]).toUpperCase();
        // An INTEGER PRIMARY KEY is the rowid: never null, whatever the declaration says.
        const nullable = Number(r[2]) === 0 && Number(r[4]) === 0;
        return { name: str(r[0]), type, type_generic: sqliteTypeGeneric(type), nullable, default: r[3] === null ? null : str(r[3]) };
      }),
      primaryKey: { constrained_columns: pk.map((r) => str(r[0])), name: null },
      foreignKeys: foreignKeys.filter(Boolean),
      indexes: indexList,
    };
  },

  async tableExtra() {
    return {};
  },
};
