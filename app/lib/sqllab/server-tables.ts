/**
 * A tab's tables as the server keeps them (backend persistence, `table_schemas` of a tab's state)
 * turned back into the left bar's tables. The description is the object the editor posted; it is
 * read defensively (an older or hand-made one lacks fields), and the server's own columns (id,
 * tab, database, schema, name, expanded) win over what it says.
 */
import { z } from 'zod';
import type { Table } from './reducer';

/** A tab's table as the server keeps it (Superset's TableSchema.to_dict): the client's own object is its description. */
export type ServerTable = { id: number; tab_state_id: number; database_id: number; schema: string | null; table: string; description: unknown; expanded: boolean };

/** What of a stored description is used as it is; the rest falls back to an empty table (its metadata is shown as stored). */
const StoredTableSchema = z.looseObject({
  id: z.string().min(1).optional().catch(undefined),
  columns: z.array(z.looseObject({ name: z.string(), type: z.string().catch(''), keys: z.array(z.object({ type: z.string() })).optional().catch(undefined) })).catch([]),
  selectStar: z.string().optional().catch(undefined),
  primaryKey: z.object({ column_names: z.array(z.string()) }).nullable().optional().catch(undefined),
  foreignKeys: z.array(z.unknown()).optional().catch(undefined),
  indexes: z.array(z.unknown()).optional().catch(undefined),
  dataPreviewQueryId: z.string().nullable().catch(null),
});

/**
 * The tables the server keeps for a tab, as the left bar holds them: the stored description
 * with the server's own fields (id, tab, database, schema, name, expanded) taking precedence.
 */
export function tablesFromServer(tables: readonly ServerTable[] | undefined): Table[] {
  return (tables ?? []).map((t) => {
    const parsed = StoredTableSchema.safeParse(t.description ?? {});
    const stored = parsed.success ? parsed.data : { columns: [], dataPreviewQueryId: null, id: undefined, selectStar: undefined, primaryKey: undefined, foreignKeys: undefined, indexes: undefined };
    return {
      id: stored.id ?? `table-${t.id}`,
      remoteId: t.id,
      dbId: t.database_id,
      queryEditorId: String(t.tab_state_id),
      schema: t.schema,
      name: t.table,
      expanded: t.expanded,
      columns: stored.columns,
      selectStar: stored.selectStar,
      primaryKey: stored.primaryKey,
      foreignKeys: stored.foreignKeys,
      indexes: stored.indexes,
      dataPreviewQueryId: stored.dataPreviewQueryId ?? null,
      isMetadataLoading: false,
    };
  });
}
