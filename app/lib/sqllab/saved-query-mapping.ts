/**
 * The editor's names for a saved query and the API's (sql-lab.md §3): remoteId ↔ id,
 * dbId ↔ db_id, name ↔ label, templateParams ↔ template_parameters; every other field keeps its
 * name. Pure, so the editor (which builds the payloads) and tests share one definition.
 */

/** Client field → server field. */
export const SAVED_QUERY_CLIENT_TO_SERVER = {
  remoteId: 'id',
  dbId: 'db_id',
  name: 'label',
  templateParams: 'template_parameters',
} as const;

type ClientKey = keyof typeof SAVED_QUERY_CLIENT_TO_SERVER;
type ServerKey = (typeof SAVED_QUERY_CLIENT_TO_SERVER)[ClientKey];

const SERVER_TO_CLIENT = Object.fromEntries(Object.entries(SAVED_QUERY_CLIENT_TO_SERVER).map(([c, s]) => [s, c])) as Record<ServerKey, ClientKey>;

/** A saved query as the editor holds it (a tab linked to it carries its id as remoteId). */
export type ClientSavedQuery = {
  remoteId?: number | null;
  dbId: number | null;
  name: string;
  sql: string;
  schema?: string | null;
  catalog?: string | null;
  description?: string | null;
  /** JSON text, as the editor's parameters box holds it; an object is accepted and serialised. */
  templateParams?: string | Record<string, unknown> | null;
  extra_json?: string | null;
};

/** The API's fields (`POST`/`PUT /api/v1/saved_query/`, `GET …/{id}`). */
export type ServerSavedQuery = {
  id?: number;
  db_id: number | null;
  label: string;
  sql: string;
  schema?: string | null;
  catalog?: string | null;
  description?: string | null;
  template_parameters?: string | null;
  extra_json?: string | null;
};

/** Renames the four mapped keys, leaving the rest as they are (Superset's convertQueryToServer). */
export function convertQueryToServer(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [Object.hasOwn(SAVED_QUERY_CLIENT_TO_SERVER, k) ? SAVED_QUERY_CLIENT_TO_SERVER[k as ClientKey] : k, v]));
}

/** The reverse of convertQueryToServer. */
export function convertQueryToClient(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [Object.hasOwn(SERVER_TO_CLIENT, k) ? SERVER_TO_CLIENT[k as ServerKey] : k, v]));
}

const templateText = (value: ClientSavedQuery['templateParams']): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The body of a save (POST) or update (PUT): the id travels in the URL, never in the body, and
 * only fields the editor has are sent.
 */
export function savedQueryPayload(query: ClientSavedQuery): Omit<ServerSavedQuery, 'id'> {
  const body: Omit<ServerSavedQuery, 'id'> = { db_id: query.dbId, label: query.name, sql: query.sql };
  if (query.schema !== undefined) body.schema = query.schema;
  if (query.catalog !== undefined) body.catalog = query.catalog;
  if (query.description !== undefined) body.description = query.description;
  if (query.templateParams !== undefined) body.template_parameters = templateText(query.templateParams);
  if (query.extra_json !== undefined) body.extra_json = query.extra_json;
  return body;
}

/** A saved query from the API as the editor's fields, ready to open in a tab. */
export function savedQueryToClient(saved: ServerSavedQuery): ClientSavedQuery {
  return {
    remoteId: saved.id ?? null,
    dbId: saved.db_id,
    name: saved.label,
    sql: saved.sql,
    schema: saved.schema ?? null,
    catalog: saved.catalog ?? null,
    description: saved.description ?? null,
    templateParams: saved.template_parameters ?? null,
    ...(saved.extra_json !== undefined ? { extra_json: saved.extra_json } : {}),
  };
}

/** Saving a query whose tab already has a remoteId updates it; otherwise it is created (sql-lab.md §5). */
export function saveRequest(query: ClientSavedQuery): { method: 'POST' | 'PUT'; url: string; body: Omit<ServerSavedQuery, 'id'> } {
  const body = savedQueryPayload(query);
  return query.remoteId ? { method: 'PUT', url: `/api/v1/saved_query/${query.remoteId}`, body } : { method: 'POST', url: '/api/v1/saved_query/', body };
}
