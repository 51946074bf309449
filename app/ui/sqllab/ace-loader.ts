/**
 * Loads ace (core, SQL mode, language tools) only when the editor mounts: about 150 KB gzip that
 * no other page, and not this page's first paint, should pay for. Also loads what its autocomplete
 * needs: every column of the tab's schema (one request), indexed once per (database, schema).
 */
import { encodeRisonUri } from '~/lib/rison';
import { findDialect } from '~/lib/sql/dialects';
import { buildIndex, type AutocompleteIndex, type SchemaTable } from '~/lib/sqllab/autocomplete';
import { requestJson } from '~/ui/request-json';

export type AceModule = typeof import('ace-builds');

let loading: Promise<AceModule> | null = null;

export function loadAce(): Promise<AceModule> {
  loading ??= (async () => {
    const mod = await import('ace-builds');
    const ace = (mod as AceModule & { default?: AceModule }).default ?? mod;
    await import('ace-builds/src-noconflict/mode-sql');
    await import('ace-builds/src-noconflict/ext-language_tools');
    return ace;
  })();
  return loading;
}

type ColumnsAnswer = { result: SchemaTable[]; schema: string; backend: string; truncated: boolean };
export type SchemaIndex = { index: AutocompleteIndex; backend: string };

/** Indexes of the last few (database, schema) pairs, shared by the tabs that use them. */
const schemaIndexes = new Map<string, Promise<SchemaIndex>>();
const KEPT_INDEXES = 4;
export const keyOf = (dbId: number, schema: string | null) => `${dbId}\u0000${schema ?? ''}`;

export function loadSchemaIndex(dbId: number, schema: string | null, backend: string | null): Promise<SchemaIndex> {
  const key = keyOf(dbId, schema);
  const known = schemaIndexes.get(key);
  if (known) return known;
  const pending = (async () => {
    const q = schema ? `?q=${encodeRisonUri({ schema_name: schema })}` : '';
    const [columns, schemas] = await Promise.all([
      requestJson<ColumnsAnswer>('', `/api/v1/database/${dbId}/schema_columns/${q}`),
      requestJson<{ result: string[] }>('', `/api/v1/database/${dbId}/schemas/`).then(({ body }) => body.result, () => []),
    ]);
    const engine = backend ?? columns.body.backend;
    // Built once when the answer arrives, never on a keystroke (about 200 ms for 100k columns).
    const index = buildIndex({ dialect: findDialect(engine), schema: columns.body.schema, schemas, tables: columns.body.result });
    return { index, backend: engine };
  })();
  schemaIndexes.set(key, pending);
  // A failure is forgotten, so the next mount asks again.
  pending.catch(() => schemaIndexes.delete(key));
  if (schemaIndexes.size > KEPT_INDEXES) schemaIndexes.delete(schemaIndexes.keys().next().value as string);
  return pending;
}
