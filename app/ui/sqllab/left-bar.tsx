/**
 * The tab's database and schema, the schema's tables (all listed, narrowed by a search), and the
 * tables added to the tab with their columns, types and keys (expand, collapse, remove, preview).
 * A tab without a schema gets one as soon as it is known: the only schema of the database, else
 * the database's default (the schema the server resolves when none is named).
 */
import { useEffect, useMemo, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { encodeRisonUri } from '~/lib/rison';
import type { QueryEditor, Table } from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { Button } from '../primitives/button';
import { Icon } from '../primitives/icon';
import { Input } from '../primitives/input';
import { Select } from '../primitives/select';
import { Tooltip } from '../primitives/tooltip';
import { showToast } from '../toasts';
import { loadSchemaIndex } from './ace-loader';
import { requestJson } from '~/ui/request-json';

/** What a column takes part in, as the table metadata's keys name it. */
const KEY_BADGES = [
  { type: 'pk', title: 'Primary key' },
  { type: 'fk', title: 'Foreign key' },
  { type: 'index', title: 'Indexed' },
] as const;

export type DatabaseInfo = {
  id: number;
  database_name: string;
  /** The engine (sqlite, postgresql, mysql): the editor's dialect. */
  backend?: string;
  allow_run_async: boolean;
  disable_data_preview: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  force_ctas_schema: string | null;
  cost_estimate_enabled: boolean;
};

type Props = {
  csrfToken: string;
  /** Visibility classes (hidden, or hidden only on narrow screens until opened). */
  className?: string;
  tab: QueryEditor;
  databases: DatabaseInfo[];
  tables: Table[];
  onChange: (changes: Partial<Pick<QueryEditor, 'dbId' | 'schema'>>) => void;
  onAddTable: (name: string) => void;
  onToggleTable: (table: Table) => void;
  onRemoveTable: (table: Table) => void;
  onPreview: (table: Table) => void;
};

async function toastError(error: unknown, fallback: string) {
  const e = await getClientError(error);
  showToast(dangerToast(e.error || fallback));
}

/** The bar's frame, shared with the server-rendered page. */
export const LEFT_BAR_CLASS = 'flex shrink-0 flex-col gap-3 overflow-y-auto md:w-64';

/** The schema a tab without one starts on: the only one, else the database's default when listed. */
export function preferredSchema(schemas: readonly string[], databaseDefault: string | null): string | null {
  if (schemas.length === 1) return schemas[0];
  return databaseDefault !== null && schemas.includes(databaseDefault) ? databaseDefault : null;
}

/** Tables listed at once; the search narrows the rest. */
const LISTED_TABLES = 200;

export function LeftBar({ className = '', csrfToken, tab, databases, tables, onChange, onAddTable, onToggleTable, onRemoveTable, onPreview }: Props) {
  // Kept with the database they belong to: until a new database's list arrives, the old one is not its.
  const [schemaList, setSchemaList] = useState<{ dbId: number; names: string[] } | null>(null);
  const schemas = useMemo(() => (schemaList && schemaList.dbId === tab.dbId ? schemaList.names : []), [schemaList, tab.dbId]);
  const [tableNames, setTableNames] = useState<string[]>([]);
  const [search, setSearch] = useState('');

  useEffect(() => {
    const dbId = tab.dbId;
    if (!dbId) return;
    let live = true;
    requestJson<{ result: string[] }>(csrfToken, `/api/v1/database/${dbId}/schemas/`)
      .then(({ body }) => live && setSchemaList({ dbId, names: body.result }))
      .catch((error: unknown) => live && void toastError(error, 'An error occurred while fetching schemas'));
    return () => {
      live = false;
    };
  }, [csrfToken, tab.dbId]);

  // No schema yet: take the only one, or the database's default, once the schemas are in.
  const backend = databases.find((d) => d.id === tab.dbId)?.backend ?? null;
  const needsSchema = Boolean(tab.dbId) && !tab.schema && schemas.length > 0;
  useEffect(() => {
    if (!needsSchema || !tab.dbId) return;
    const only = preferredSchema(schemas, null);
    if (only) {
      onChange({ schema: only });
      return;
    }
    let live = true;
    loadSchemaIndex(tab.dbId, null, backend).then(
      ({ index }) => {
        const chosen = live ? preferredSchema(schemas, index.schema) : null;
        if (chosen) onChange({ schema: chosen });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // onChange is a new function on each render; the choice depends on the schemas and the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsSchema, tab.dbId, schemas, backend]);

  useEffect(() => {
    if (!tab.dbId || !tab.schema) {
      setTableNames([]);
      return;
    }
    let live = true;
    const q = encodeRisonUri({ schema_name: tab.schema });
    requestJson<{ result: { value: string }[] }>(csrfToken, `/api/v1/database/${tab.dbId}/tables/?q=${q}`)
      .then(({ body }) => live && setTableNames(body.result.map((t) => t.value)))
      .catch((error: unknown) => live && void toastError(error, 'An error occurred while fetching tables'));
    return () => {
      live = false;
    };
  }, [csrfToken, tab.dbId, tab.schema]);

  const needle = search.trim().toLowerCase();
  const matches = (needle ? tableNames.filter((n) => n.toLowerCase().includes(needle)) : tableNames).slice(0, LISTED_TABLES);

  return (
    <aside aria-label="Browse tables" className={`${LEFT_BAR_CLASS} ${className}`}>
      <Select id="leftbar-database" label="Database" value={tab.dbId ?? ''} onChange={(e) => onChange({ dbId: Number(e.target.value) || null, schema: null })}>
        {tab.dbId === null && <option value="">Choose a database</option>}
        {databases.map((db) => <option key={db.id} value={db.id}>{db.database_name}</option>)}
      </Select>
      <Select id="leftbar-schema" label="Schema" value={tab.schema ?? ''} onChange={(e) => onChange({ schema: e.target.value || null })}>
        <option value="">Choose a schema</option>
        {schemas.map((s) => <option key={s} value={s}>{s}</option>)}
      </Select>
      <div>
        <Input id="leftbar-table-search" label="Add a table" type="search" value={search} onChange={(e) => setSearch(e.target.value)} disabled={!tab.schema}
          placeholder={tab.schema ? `Search ${tableNames.length} tables` : 'Choose a schema first'} />
        {matches.length > 0 && (
          <ul aria-label="Matching tables" className="mt-1 max-h-48 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
            {matches.map((name) => (
              <li key={name}>
                <button type="button" className="block w-full truncate px-3 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => {
                  onAddTable(name);
                  setSearch('');
                }}>{name}</button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ul aria-label="Tables in this tab" className="space-y-2">
        {tables.map((table) => (
          <li key={table.id} className="rounded-md border border-slate-200 text-sm dark:border-slate-800">
            <div className="flex items-center gap-1 px-2 py-1">
              <button type="button" aria-expanded={table.expanded} onClick={() => onToggleTable(table)} className="flex min-w-0 flex-1 items-center gap-1 text-left font-medium">
                <Icon name={table.expanded ? 'chevron-down' : 'chevron-right'} className="h-3.5 w-3.5" />
                <span className="truncate">{table.name}</span>
              </button>
              <Tooltip content="Preview data" placement="top">
                <Button variant="ghost" size="icon" onClick={() => onPreview(table)} aria-label={`Preview ${table.name}`}><Icon name="eye" className="h-4 w-4" /></Button>
              </Tooltip>
              <Button variant="ghost" size="icon" onClick={() => onRemoveTable(table)} aria-label={`Remove ${table.name}`}><Icon name="close" className="h-4 w-4" /></Button>
            </div>
            {table.expanded && (
              <ul className="border-t border-slate-100 px-2 py-1 dark:border-slate-800">
                {table.isMetadataLoading && <li className="text-slate-500">Loading…</li>}
                {table.columns.map((c) => (
                  <li key={c.name} className="flex justify-between gap-2">
                    <span className="flex min-w-0 items-center gap-1">
                      <span className="truncate">{c.name}</span>
                      {KEY_BADGES.filter((b) => c.keys?.some((k) => k.type === b.type)).map((b) => (
                        <abbr key={b.type} title={b.title} className="rounded bg-slate-100 px-1 text-[10px] font-semibold uppercase text-slate-600 no-underline dark:bg-slate-800 dark:text-slate-300">{b.type}</abbr>
                      ))}
                    </span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{c.type}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
