/**
 * "View in SQL Lab" from Explore: the form posted to SQL Lab's page action, which opens a new tab
 * with the SQL on the datasource's database (app/routes/sqllab._index/explore-handoff.server.ts).
 * The fields and their schema live here so the menu that posts them and the action that reads
 * them agree. Superset posts datasourceKey and sql; the intent and the CSRF token make it one of
 * our own forms, so SQL Lab opens it at once instead of asking first (a foreign post only shows a
 * confirmation).
 */
import { z } from 'zod';

export const EXPLORE_HANDOFF_INTENT = 'explore-handoff';
/** The index route's action (a post to plain `/sqllab/` is the layout's foreign-post confirmation). */
export const SQL_LAB_HANDOFF_ACTION = '/sqllab/?index';

type HandoffDatasource = { id: number; type: string; name: string; schema: string | null; sql: string | null };

const PLAIN_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The SQL to open: a virtual dataset's (or a query's) own SQL, else `SELECT * FROM schema.table`.
 * A name that would need quoting is left to the server, whose select_star quotes it in the
 * database's dialect (the browser does not know the engine).
 */
export function sqlForSqlLab(datasource: HandoffDatasource): string {
  if (datasource.sql?.trim()) return datasource.sql;
  const parts = [datasource.schema, datasource.name].filter((p): p is string => Boolean(p));
  if (!parts.every((p) => PLAIN_IDENTIFIER.test(p))) return '';
  return `SELECT * FROM ${parts.join('.')}`;
}

/** The fields of the posted form. */
export function sqlLabHandoffFields(datasource: HandoffDatasource, csrfToken: string): Record<string, string> {
  return {
    intent: EXPLORE_HANDOFF_INTENT,
    csrf_token: csrfToken,
    datasourceKey: `${datasource.id}__${datasource.type}`,
    sql: sqlForSqlLab(datasource),
  };
}

/** The form as SQL Lab reads it: the key names a dataset (`12__table`) or a SQL Lab query (`7__query`). */
export const SqlLabHandoffSchema = z.object({
  datasourceKey: z.string({ error: 'Give datasourceKey as <id>__table or <id>__query.' })
    .regex(/^[1-9]\d{0,15}__(table|query)$/, 'Give datasourceKey as <id>__table or <id>__query.')
    .transform((key) => {
      const [id, type] = key.split('__');
      return { id: Number(id), type: type as 'table' | 'query' };
    }),
  // A tab keeps at most a million characters of SQL (QueryEditorSchema).
  sql: z.string().max(1_000_000, 'Longer than maximum length 1000000.').default(''),
});
export type SqlLabHandoff = z.output<typeof SqlLabHandoffSchema>;
