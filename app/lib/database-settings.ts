/**
 * A Database's settings as zod schemas, shared by the API (which parses Superset's JSON bodies
 * with them), the add/edit pages (app/lib/database-form.ts builds the same shape from a form) and
 * any client. Shapes follow Superset's OpenAPI document (DatabaseRestApi.post/put,
 * DatabaseTestConnectionSchema, DatabaseValidateParametersSchema).
 *
 * Which URI schemes exist is the engine registry's knowledge (server-only), so the schemas that
 * check a URI are built from an `EngineCatalog` the caller passes in; this module stays pure.
 * `extra` is a JSON text checked with the stored column's own schema (stored-json/database-extra.ts).
 */
import { z } from 'zod';
import { JsonTextError, parseJsonText } from './safe-json';
import { DatabaseExtraSchema } from './stored-json/database-extra';

export const CONFIGURATION_METHODS = ['sqlalchemy_form', 'dynamic_form'] as const;
export type ConfigurationMethod = (typeof CONFIGURATION_METHODS)[number];

/** What the lib needs to know of each engine: its name, label and URI schemes. */
export type EngineCatalog = readonly { name: string; label: string; schemes: readonly string[] }[];

/** "PostgreSQL (postgresql://, postgres://), MySQL (mysql://, mariadb://), SQLite (sqlite://)". */
export function supportedEnginesText(catalog: EngineCatalog): string {
  return catalog.map((e) => `${e.label} (${e.schemes.map((s) => `${s}://`).join(', ')})`).join(', ');
}

/** The scheme of a SQLAlchemy URI without its driver (`postgresql+psycopg2://` → postgresql), or null. */
export function schemeOf(uri: string): string | null {
  return /^([A-Za-z][A-Za-z0-9.-]*)(?:\+[A-Za-z0-9_]+)?:\/\//.exec(uri.trim())?.[1]?.toLowerCase() ?? null;
}

/** Why a URI cannot be used, or null: it needs a scheme:// that a known engine answers to. */
export function uriProblem(uri: string, catalog: EngineCatalog): string | null {
  const scheme = schemeOf(uri);
  const supported = `Supported engines: ${supportedEnginesText(catalog)}.`;
  if (!scheme) return `Enter a URI like postgresql://user:password@host:5432/database. ${supported}`;
  if (!catalog.some((e) => e.schemes.includes(scheme))) return `The URI scheme "${scheme}://" is not supported. ${supported}`;
  return null;
}

/** The engine a URI's scheme belongs to, by name; null when none does. */
export function engineNameOfUri(uri: string, catalog: EngineCatalog): string | null {
  const scheme = schemeOf(uri);
  return catalog.find((e) => scheme !== null && e.schemes.includes(scheme))?.name ?? null;
}

const JsonObjectSchema = z.record(z.string(), z.unknown());

/** JSON text that must hold an object: the message says which of the two it is not. */
export function jsonObjectText(what: string) {
  return z.string().transform((text, ctx): Record<string, unknown> => {
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = parseJsonText(text);
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.about(what) });
      return z.NEVER;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `${what} must be a JSON object, like {"cost_estimate_enabled": true}.` });
      return z.NEVER;
    }
    return value as Record<string, unknown>;
  });
}

/** `extra` as the API carries it: a JSON text, parsed and checked. */
export const ExtraTextSchema = jsonObjectText('Extra').pipe(DatabaseExtraSchema);

/** Whether a Superset-only field is absent or empty, i.e. asks for nothing Sightline lacks. */
const unset = (v: unknown) => v === null || v === undefined || v === '' || v === '{}' || v === false;

/** Fields Superset clients send that Sightline has no use for; a value that would change behaviour is refused. */
const SUPERSET_ONLY = {
  driver: z.string().nullish(),
  uuid: z.uuid('uuid must be a UUID.').optional(),
  external_url: z.string().nullish(),
  is_managed_externally: z.boolean().nullish(),
  masked_encrypted_extra: z.string().nullish().refine(unset, 'Encrypted extra is not supported.'),
  server_cert: z.string().nullish().refine(unset, 'Server certificates are not supported: use sslmode in the parameters.'),
  ssh_tunnel: z.unknown().refine(unset, 'SSH tunnels are not supported.').optional(),
};

const SETTINGS_SHAPE = {
  database_name: z.string().trim().min(1, 'Enter a name for the database.').max(250, 'The name is at most 250 characters.'),
  engine: z.string().trim().min(1).nullish(),
  configuration_method: z.enum(CONFIGURATION_METHODS),
  sqlalchemy_uri: z.string().trim().max(1024, 'The URI is at most 1024 characters.'),
  parameters: JsonObjectSchema,
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  force_ctas_schema: z.string().trim().max(250, 'The schema name is at most 250 characters.').nullable(),
  cache_timeout: z.int('The cache timeout must be a whole number of seconds.').min(-1, 'The cache timeout is -1 (no cache), 0 or more seconds.').nullable(),
  extra: ExtraTextSchema,
  impersonate_user: z.boolean().refine((v) => !v, 'Impersonating the logged-in user is not supported by these engines.'),
};

type Shape = typeof SETTINGS_SHAPE;
type Optional<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.ZodOptional<S[K]> : never };

function optionalShape(): Optional<Shape> {
  return Object.fromEntries(Object.entries(SETTINGS_SHAPE).map(([k, v]) => [k, v.optional()])) as Optional<Shape>;
}

function checkUri(catalog: EngineCatalog) {
  return (value: { sqlalchemy_uri?: string; parameters?: Record<string, unknown>; configuration_method?: ConfigurationMethod }, ctx: z.RefinementCtx) => {
    const byParameters = value.configuration_method === 'dynamic_form' && value.parameters !== undefined;
    if (byParameters || value.sqlalchemy_uri === undefined) return;
    const problem = uriProblem(value.sqlalchemy_uri, catalog);
    if (problem) ctx.addIssue({ code: 'custom', path: ['sqlalchemy_uri'], message: problem });
  };
}

/** POST /api/v1/database/: a name, and a URI or an engine with its parameters. */
export function databaseCreateSchema(catalog: EngineCatalog) {
  return z
    .strictObject({ ...optionalShape(), database_name: SETTINGS_SHAPE.database_name, ...SUPERSET_ONLY })
    .superRefine((value, ctx) => {
      const hasParameters = value.parameters !== undefined && Boolean(value.engine);
      if (!value.sqlalchemy_uri && !hasParameters) {
        ctx.addIssue({ code: 'custom', path: ['sqlalchemy_uri'], message: 'Enter a SQLAlchemy URI, or an engine and its connection parameters.' });
      }
    })
    .superRefine(checkUri(catalog));
}

/** PUT /api/v1/database/<id>: any subset of the settings; what is absent stays as it is. */
export function databaseUpdateSchema(catalog: EngineCatalog) {
  return z.strictObject({ ...optionalShape(), ...SUPERSET_ONLY }).superRefine(checkUri(catalog));
}

export type DatabaseCreate = z.output<ReturnType<typeof databaseCreateSchema>>;
export type DatabaseUpdate = z.output<ReturnType<typeof databaseUpdateSchema>>;

/** POST /api/v1/database/test_connection/: the connection part of the settings (the rest is ignored). */
export const TestConnectionSchema = z.object({
  database_name: z.string().trim().nullish(),
  engine: z.string().trim().min(1).nullish(),
  configuration_method: z.enum(CONFIGURATION_METHODS).default('sqlalchemy_form'),
  sqlalchemy_uri: z.string().trim().min(1).max(1024).optional(),
  parameters: JsonObjectSchema.optional(),
  impersonate_user: SETTINGS_SHAPE.impersonate_user.optional(),
  ssh_tunnel: SUPERSET_ONLY.ssh_tunnel,
});
export type TestConnectionInput = z.output<typeof TestConnectionSchema>;

/** POST /api/v1/database/validate_parameters/. */
export const ValidateParametersSchema = z.object({
  engine: z.string().trim().min(1, 'Choose an engine.'),
  configuration_method: z.enum(CONFIGURATION_METHODS).default('dynamic_form'),
  parameters: z.record(z.string(), z.unknown()).default({}),
  database_name: z.string().trim().nullish(),
  id: z.int().positive().nullish(),
  catalog: z.record(z.string(), z.unknown()).nullish(),
  ssh_tunnel: SUPERSET_ONLY.ssh_tunnel,
});
export type ValidateParametersInput = z.output<typeof ValidateParametersSchema>;

/** GET /api/v1/database/<id>/schemas/?q=(force:!t,upload_allowed:!t). */
export const SchemasQuerySchema = z.object({
  force: z.boolean().default(false),
  upload_allowed: z.boolean().default(false),
  catalog: z.string().nullish(),
});

/** GET /api/v1/database/<id>/tables/?q=(schema_name:x,force:!f). */
export const TablesQuerySchema = z.object({
  schema_name: z.string({ error: 'schema_name is required: the schema whose tables to list.' }).min(1, 'schema_name is required.'),
  force: z.boolean().default(false),
  catalog_name: z.string().nullish(),
});

/** GET /api/v1/database/<id>/table_metadata/?name=&schema=: plain query parameters, as Superset's newer clients send them. */
export const TableMetadataQuerySchema = z.object({
  name: z.string({ error: 'name is required: the table to describe.' }).min(1, 'name is required: the table to describe.'),
  schema: z.string().optional(),
  catalog: z.string().optional(),
});

/** GET /api/v1/database/<id>/schema_columns/?q=(schema_name:x,force:!f). */
export const SchemaColumnsQuerySchema = z.object({
  /** Absent: the engine's default schema (public, main, the URI's database), as SQL Lab runs in it. */
  schema_name: z.string().min(1, 'schema_name must not be empty.').nullish(),
  force: z.boolean().default(false),
});
