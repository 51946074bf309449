/**
 * CREATE TABLE AS / CREATE VIEW AS from a SQL Lab query (Superset's `select_as_cta` with
 * `ctas_method` TABLE or VIEW). Only one SELECT may be wrapped, and only on a database that allows
 * it (`allow_ctas`, `allow_cvas`); the new object goes to the database's `force_ctas_schema` when
 * set, else to the query's schema, else to the engine's default one. Names are quoted by the
 * engine's dialect, so a user-chosen name cannot break out of the statement.
 */
import crypto from 'node:crypto';
import { describeStatement } from '~/lib/sql/classify';
import { splitStatements } from '~/lib/sql/split';
import type { CtasMethod } from '~/lib/sqllab-api';
import type { Engine } from '../engines/types.server';
import { sqlLabError } from './errors.server';

export interface CtasTarget {
  method: CtasMethod;
  table: string;
  schema: string | null;
}

export interface CtasPlan extends CtasTarget {
  /** The CREATE … AS statement to run. */
  sql: string;
}

/** Superset's default temp name, with random letters instead of a timestamp so two runs never collide. */
export function tempTableName(userId: number): string {
  return `tmp_${userId}_table_${crypto.randomBytes(5).toString('hex')}`;
}

interface CtasDatabase {
  database_name: string;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string | null;
}

/** Where the table or view will be created: checked against the database's flags, named. */
export function ctasTarget(opts: {
  method: CtasMethod;
  tmpTableName: string | null | undefined;
  userId: number;
  database: CtasDatabase;
  schema: string | null | undefined;
  /** The schema unqualified names land in when the query names none (MySQL: the URI's database). */
  defaultSchema: string | null;
}): CtasTarget {
  const { database, method } = opts;
  if (method === 'TABLE' && !database.allow_ctas) {
    throw sqlLabError('INVALID_CTAS_QUERY_ERROR', `The database "${database.database_name}" does not allow CREATE TABLE AS. An admin can allow it in the database's settings (Allow CREATE TABLE AS).`, 422);
  }
  if (method === 'VIEW' && !database.allow_cvas) {
    throw sqlLabError('INVALID_CVAS_QUERY_ERROR', `The database "${database.database_name}" does not allow CREATE VIEW AS. An admin can allow it in the database's settings (Allow CREATE VIEW AS).`, 422);
  }
  const table = opts.tmpTableName?.trim() || tempTableName(opts.userId);
  const schema = database.force_ctas_schema?.trim() || opts.schema?.trim() || opts.defaultSchema || null;
  return { method, table, schema };
}

/** Wraps the (rendered) query in CREATE TABLE/VIEW … AS; it must be exactly one SELECT. */
export function planCtas(sql: string, target: CtasTarget, engine: Pick<Engine, 'dialect'>): CtasPlan {
  const flavor = engine.dialect.flavor;
  const statements = splitStatements(sql, flavor);
  const single = statements.length === 1 ? describeStatement(statements[0].sql, flavor) : null;
  if (!single?.isSelect) {
    const what = statements.length > 1 ? `holds ${statements.length} statements` : 'is not a SELECT';
    if (target.method === 'VIEW') {
      throw sqlLabError(
        'INVALID_CVAS_QUERY_ERROR',
        `CREATE VIEW AS needs a query that is one SELECT statement; this one ${what}. Please make sure your query has only a SELECT statement. Then, try running your query again.`,
        422,
      );
    }
    throw sqlLabError(
      'INVALID_CTAS_QUERY_ERROR',
      `CREATE TABLE AS needs a query that is one SELECT statement; this one ${what}. Please make sure your query is a single SELECT. Then, try running your query again.`,
      422,
    );
  }
  const name = engine.dialect.qualifiedName(target.schema, target.table);
  const kind = target.method === 'VIEW' ? 'VIEW' : 'TABLE';
  // The SELECT is kept as written (no parentheses): a trailing `--` comment must not swallow a `)`.
  return { ...target, sql: `CREATE ${kind} ${name} AS\n${statements[0].sql}` };
}
